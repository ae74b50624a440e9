<?php

declare(strict_types=1);

namespace Preheat\Report\Doctor;

use Preheat\Doctor\DoctorReport;
use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Profile\PreloadStatus;
use Preheat\Report\Renderer;
use Preheat\Report\Terminal\TerminalWidth;
use Preheat\Report\Terminal\WordWrap;
use Preheat\Report\VerdictStyle;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat doctor` as text: what was read, then each finding with the lines to change and the rung that
 * measures it.
 *
 * @implements Renderer<DoctorReport>
 */
final class DoctorTextRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        VerdictStyle::define($output);
        $verdicts = [
            '[ERROR]' => VerdictStyle::Error,
            '[WARNING]' => VerdictStyle::Warning,
            'No findings.' => VerdictStyle::Ok,
        ];
        $output->writeln(
            array_map(
                static fn (string $line): string => VerdictStyle::line($line, $verdicts),
                $this->lines($report, TerminalWidth::of($output)),
            ),
        );
    }

    /**
     * @param int|null $width the terminal's: a finding's explanation wraps to it (100 columns at most); the lines to
     *                        change stay whole, to be copied
     *
     * @return list<string>
     */
    public function lines(DoctorReport $report, ?int $width = null): array
    {
        $server = $report->server;
        $memory = $server->host->memoryBytes;
        $app = $report->app;
        $pools = array_map(
            static fn ($p): string => \sprintf(
                '%s (%s: pm = %s, pm.max_children = %s, listen = %s)',
                $p->name,
                $p->file,
                $p->pm(),
                $p->maxChildren() ?? '?',
                $p->values['listen'] ?? '?',
            ),
            $server->pools,
        );
        $lines = [
            \sprintf(
                'PHP %s, php-fpm %s',
                $server->phpVersion,
                $server->fpmBinary ?? '(not found; reading the files given)',
            ),
            \sprintf(
                '  php.ini   %s%s',
                $server->ini->iniFile ?? '(none)',
                null === $server->ini->scanDir ? '' : ' + '.$server->ini->scanDir.'/*.ini',
            ),
            \sprintf('  php-fpm   %s', $server->installation?->fpmConfig?->describe() ?? '(configuration not found)'),
            \sprintf('  pools     %s', implode('; ', $pools)),
            \sprintf(
                '  machine   %d cores, %s',
                $server->host->cores,
                null === $memory ? 'memory unknown' : (int) ($memory / 1048576).' MB',
            ),
            \sprintf(
                'App %s: %d PHP files (%.1f MB), OPcache %.1f MB, interned strings %.1f MB (%s)',
                $app->root,
                $app->files,
                $app->sourceBytes / 1048576,
                $app->opcacheBytes / 1048576,
                $app->internedBytes / 1048576,
                $app->measured ? 'measured' : 'estimated; --measure compiles them',
            ),
            \sprintf(
                '  autoloader %s; preload %s%s',
                $this->autoloader($report),
                $app->preload->status->value,
                null === $app->preload->script ? '' : ' ('.$app->preload->script.')',
            ),
        ];
        $listen = $server->pools[0]->values['listen'] ?? null;
        if (
            null !== $listen && \in_array(
                $app->preload->status,
                [PreloadStatus::Configured, PreloadStatus::Stale],
                true,
            )
        ) {
            // Doctor reads files; what the running server preloaded only the server can say.
            $lines[] = \sprintf(
                '  whether the running php-fpm serves this preload: preheat status %s --fastcgi=%s',
                $app->preload->script,
                $listen,
            );
        }
        $lines[] = '';
        if ([] === $report->findings) {
            $lines[] = 'No findings.';

            return $lines;
        }
        foreach ($report->findings as $finding) {
            array_push($lines, ...$this->finding($finding, min(100, max(40, ($width ?? 104) - 4))));
        }
        $counts = [];
        foreach ($report->findings as $finding) {
            $counts[$finding->severity->value] = ($counts[$finding->severity->value] ?? 0) + 1;
        }
        $lines[] = implode(
            ', ',
            array_map(
                static fn (string $s, int $n): string => $n.' '.$s.(1 === $n ? '' : 's'),
                array_keys($counts),
                $counts,
            ),
        );

        return $lines;
    }

    /** @return list<string> */
    private function finding(Finding $finding, int $width): array
    {
        $lines = [\sprintf('[%s] %s', strtoupper($finding->severity->value), $finding->title)];
        foreach (WordWrap::lines($finding->detail, $width) as $line) {
            $lines[] = '    '.$line;
        }
        foreach ($finding->fixes as $fix) {
            $lines[] = '    fix: '.$fix->describe();
        }
        if (\in_array($finding->id, ['ini-syntax-error', 'pool-user-cannot-read-app'], true)) {
            // A file PHP cannot read is no matter of speed: nothing measures it.
            $lines[] = '';

            return $lines;
        }
        $lines[] = '    measured by: '.(
            null === $finding->rung
                ? 'no rung of the ladder; preheat bench --workers=N compares worker counts'
                : 'the "'.$finding->rung->value.'" rung of the ladder'
        );
        $lines[] = '';

        return $lines;
    }

    private function autoloader(DoctorReport $report): string
    {
        $a = $report->app->autoloader;
        if (!$a->composer) {
            return 'not Composer\'s';
        }

        return \sprintf(
            'Composer (%s%s%s)',
            $a->optimised ? 'optimised' : 'not optimised',
            $a->authoritative ? ', authoritative' : '',
            $a->apcu ? ', APCu' : '',
        );
    }
}
