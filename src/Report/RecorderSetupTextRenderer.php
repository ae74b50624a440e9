<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Usage\RecorderInstaller;
use Preheat\Usage\RecorderSetupOutcome;
use Preheat\Util\DisplayString;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `record`'s report as text: what was written (or would be), how to enable it and whether the pool's user can
 * record.
 *
 * @implements Renderer<RecorderSetupReport>
 */
final class RecorderSetupTextRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $outcome = $report->outcome;
        $path = $outcome->settings->bootstrapPath;
        if (null === $outcome->bootstrap) {
            $output->writeln(
                \sprintf(
                    'Wrote %s: it records 1 request in %d into %s.',
                    $path,
                    $outcome->settings->sample,
                    $outcome->store(),
                ),
                OutputInterface::OUTPUT_RAW,
            );
        } else {
            $output->writeln(
                \sprintf('Would write %s (run again with --install to write it):', $path),
                OutputInterface::OUTPUT_RAW,
            );
            $output->writeln('');
            $output->writeln(explode("\n", rtrim($outcome->bootstrap)), OutputInterface::OUTPUT_RAW);
        }
        $output->writeln(['', ...self::enableLines($outcome), ''], OutputInterface::OUTPUT_RAW);
        if (str_contains(RecorderInstaller::recorderPath(), '/vendor/')) {
            $output->writeln(
                \sprintf(
                    'The bootstrap loads %s: if production installs with `composer install --no-dev`, require '
                    .'preheat/preheat without --dev, or the bootstrap records nothing.',
                    RecorderInstaller::recorderPath(),
                ),
                OutputInterface::OUTPUT_RAW,
            );
        }
        $output->writeln([
            'Then look at what it recorded: preheat usage --store='.$outcome->store(),
            \sprintf('To stop: remove the auto_prepend_file line, reload PHP, then delete %s.', $path),
        ], OutputInterface::OUTPUT_RAW);

        $problems = $report->problems;
        $user = $outcome->poolUser;
        $source = $report->poolUserSource();
        $output->writeln('');
        if ([] === $problems) {
            $output->writeln(
                \sprintf('The pool\'s user %s (%s) can write the store and the buffer directory.', $user, $source),
                OutputInterface::OUTPUT_RAW,
            );

            return;
        }
        // Paths, the user's name and where it came from (a pool file) are printed as written: what the project
        // names is no console markup. Only the verdict line is styled.
        $output->writeln(\sprintf(
            '<error>%s</error>',
            OutputFormatter::escape(\sprintf('The pool\'s user %s (%s) cannot record as set up:', $user, $source)),
        ));
        foreach ($problems as $problem) {
            $output->writeln(\sprintf('  %s', $problem->problem), OutputInterface::OUTPUT_RAW);
            $output->writeln('    fix: '.$problem->fix, OutputInterface::OUTPUT_RAW);
        }
        $output->writeln(
            '(If php-fpm runs its workers as another user, pass --pool-user=USER: the `user =` of the pool.)',
        );
    }

    /**
     * How to enable the bootstrap: an auto_prepend_file line, or, when a pool prepends a file already (PHP prepends
     * one only, so the line would replace it), a require at the top of that file.
     *
     * @return list<string>
     */
    private static function enableLines(RecorderSetupOutcome $outcome): array
    {
        $require = 'require '.var_export($outcome->settings->bootstrapPath, true).';';
        if (null !== $outcome->lines) {
            return [
                'To enable it, add to the php.ini of php-fpm (or of Apache mod_php), then reload PHP:',
                '    '.$outcome->lines[0],
                'or, for one php-fpm pool only, to its pool file (e.g. /etc/php/8.2/fpm/pool.d/www.conf):',
                '    '.$outcome->lines[1],
                'If the app already has an auto_prepend_file, add `'.$require.'` at its top instead.',
            ];
        }
        $lines = ['php-fpm prepends a file already, and PHP prepends one only: an auto_prepend_file line for the '
            .'bootstrap would replace it, and that file would stop running.'];
        foreach ($outcome->prepends as $prepend) {
            $lines[] = \sprintf(
                '  %s sets %s = %s (%s)',
                null === $prepend->pool ? 'php.ini' : 'pool ['.DisplayString::of($prepend->pool).']',
                $prepend->directive->name,
                DisplayString::of($prepend->directive->value),
                DisplayString::of($prepend->directive->where()),
            );
        }
        $lines[] = 'To enable it, add this line at the top of that file (before its own code, so that the recorder '
            .'sees every file), then reload PHP:';
        $lines[] = '    '.$require;

        return $lines;
    }
}
