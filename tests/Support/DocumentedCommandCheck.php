<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Console\Command\BenchCommand;
use Preheat\Console\Extension\Registries;
use Preheat\UserError;
use Symfony\Component\Console\Application;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Exception\ExceptionInterface;
use Symfony\Component\Console\Input\ArgvInput;
use Symfony\Component\Console\Output\BufferedOutput;
use Symfony\Component\Console\Tester\CommandCompletionTester;

/**
 * Whether a documented command line says what the repository and the application take: a preheat command's
 * name, options, their values and its arguments against the command's own definition (a usage line such as
 * `preheat verify [preload.php] [--format=text|json]` too; a bench line also by bench's own checks), a make
 * target and variable against the Makefile, `php SCRIPT` and `bash SCRIPT` against the repository's files
 * (the options a script's source names, phpunit's --testsuite against phpunit.xml.dist), composer's flags
 * against their form. Any other program must be plain shell, or the block marked `<!-- example: REASON -->`
 * (or `<!-- deploy:NAME -->`, run by DeployTest).
 */
final class DocumentedCommandCheck
{
    /** Programs whose lines need nothing but the shell's syntax (`bash -n`). */
    private const PLAIN = ['cd', 'cp', 'mkdir', 'ln', 'mv', 'rm', 'tar', 'touch', 'chown', 'chmod', 'echo', 'install', 'test', '['];
    private const COMPOSER_COMMANDS = ['install', 'update', 'require', 'dump-autoload', 'create-project', 'archive'];

    /** The commands the framework consoles add (`php artisan preheat:generate`), each handing its arguments on. */
    private const FRAMEWORK_COMMANDS = ['generate', 'status'];

    private const MARK = 'mark the block <!-- example: REASON --> if it cannot be parsed';

    /** The app bench's lines are checked in, made on the first. */
    private ?TemporaryDirectory $app = null;

    /** @var array<string, list<string>> option suggestions by command and option */
    private array $suggestions = [];

    public function __construct(private readonly Application $application, private readonly string $root)
    {
    }

    /** @return list<string> what is wrong with the line, each with where it is; empty when nothing is */
    public function problems(DocumentedLine $line): array
    {
        if (DocumentedLine::UNTAGGED === $line->kind) {
            return [\sprintf('%s: `%s`: reads as a command in a block of output: write it as a `$ ` line, or tag the '
                .'block ```sh', $line->where(), $line->text)];
        }
        $problems = [];
        // A usage line's `[--format=text|json]` is not a pipe: its words are split at spaces only.
        $commands = preg_match('/ \[(--|[a-z])/', $line->text)
            ? [preg_split('/\s+/', trim($line->text)) ?: []]
            : ShellWords::commands($line->text);
        foreach ($commands as $words) {
            foreach ($this->commandProblems($words, $line) as $problem) {
                $problems[] = \sprintf('%s: `%s`: %s', $line->where(), $line->text, $problem);
            }
        }

        return $problems;
    }

    /**
     * @param list<string> $words
     *
     * @return list<string>
     */
    private function commandProblems(array $words, DocumentedLine $line): array
    {
        while ([] !== $words && preg_match('/^[A-Za-z_]\w*\+?=/', $words[0])) {
            $assignment = array_shift($words);
            if (str_ends_with($assignment, '=') && [] !== $words && str_starts_with($words[0], '-')) {
                return []; // an array's items: data for a later command
            }
        }
        if ('sudo' === ($words[0] ?? null)) {
            array_shift($words);
        }
        if ('$PHP_BINARY' === ($words[0] ?? null)) {
            $words[0] = 'php'; // Composer's scripts run PHP as this
        }
        if ([] === $words) {
            return [];
        }
        $preheat = self::preheatCommand($words);
        if (null !== $preheat) {
            return $this->preheatProblems($preheat[0], $preheat[1], $preheat[2], $line);
        }
        $program = $words[0];

        return match (true) {
            'make' === $program => $this->makeProblems(\array_slice($words, 1)),
            'composer' === $program => self::composerProblems(\array_slice($words, 1)),
            'php' === $program => $this->phpScriptProblems(\array_slice($words, 1)),
            'bash' === $program => is_file($this->root.'/'.($words[1] ?? '')) ? []
                : [\sprintf('%s is not a file of this repository', $words[1] ?? '')],
            \in_array($program, self::PLAIN, true) => [],
            null !== $line->exampleReason(), null !== $line->deployStep() => [],
            default => [\sprintf('`%s` is not a command this test knows (preheat, make, php SCRIPT, composer, plain shell): '
                .'fix the line, run it in tests/Integration/DocumentedCommandsTest.php, or %s', $program, self::MARK)],
        };
    }

    /**
     * The preheat command a line runs: its name, its arguments, and whether through a framework's console.
     *
     * @param list<string> $words
     *
     * @return array{string, list<string>, bool}|null
     */
    private static function preheatCommand(array $words): ?array
    {
        $binary = static fn (string $word): bool => 'preheat' === $word || str_ends_with($word, '/preheat')
            || str_ends_with($word, 'preheat.phar') || '$PREHEAT' === $word;
        if ($binary($words[0])) {
            return [$words[1] ?? '', \array_slice($words, 2), false];
        }
        if ('php' === $words[0] && $binary($words[1] ?? '')) {
            return [$words[2] ?? '', \array_slice($words, 3), false];
        }
        $console = 'php' === $words[0] && 'artisan' === ($words[1] ?? null) ? 2 : ('bin/console' === $words[0] ? 1 : null);
        if (null !== $console && str_starts_with($words[$console] ?? '', 'preheat:')) {
            return [substr($words[$console], \strlen('preheat:')), \array_slice($words, $console + 1), true];
        }

        return null;
    }

    /**
     * @param list<string> $arguments
     *
     * @return list<string>
     */
    private function preheatProblems(string $name, array $arguments, bool $framework, DocumentedLine $line): array
    {
        if ('' === $name || preg_match('/^[A-Z]+$/', $name)) {
            return []; // `preheat COMMAND`: any command
        }
        if ($framework && !\in_array($name, self::FRAMEWORK_COMMANDS, true)) {
            return [\sprintf('the frameworks\' consoles have preheat:%s only', implode(' and preheat:', self::FRAMEWORK_COMMANDS))];
        }
        if (!$this->application->has($name)) {
            return [\sprintf('preheat has no command %s', $name)];
        }
        $command = $this->application->find($name);
        $command->mergeApplicationDefinition();
        // A $(…) or ${…} is what the shell makes of it: not known here.
        $arguments = array_values(array_filter($arguments, static fn (string $word): bool => !str_starts_with($word, '$')));
        foreach ($arguments as $argument) {
            if (str_starts_with($argument, '[')) {
                return $this->usageProblems($command, $arguments);
            }
        }
        try {
            $input = new ArgvInput(['preheat', $name, ...$arguments]);
            $input->bind($command->getDefinition());
            if (DocumentedLine::SPAN !== $line->kind) {
                $input->validate(); // a span may name a command without its argument: `preheat explain`
            }
        } catch (ExceptionInterface $error) {
            return [\sprintf('preheat %s refuses it: %s', $name, $error->getMessage())];
        }
        $problems = 'bench' === $name ? $this->benchInputProblems($arguments) : [];
        foreach ($input->getOptions() as $option => $value) {
            foreach (\is_array($value) ? $value : [$value] as $given) {
                if (!\is_string($given) || !$input->hasParameterOption('--'.$option) || self::isPlaceholder($given)) {
                    continue;
                }
                $suggested = $this->suggested($command, $option);
                if ([] !== $suggested && !\in_array($given, $suggested, true)) {
                    $problems[] = \sprintf('--%s takes %s, not %s', $option, implode(', ', $suggested), $given);
                }
            }
        }

        return $problems;
    }

    /**
     * What bench itself says of the values (a scenario's spec, an assertion, a duration): it checks them all
     * before it starts anything, so it runs here, in an app with the files the documentation's lines name
     * (preload.php, config/preload.php, preheat.json), with a runner that starts nothing, until it asks PHP
     * for its settings (an environment error: the input was taken).
     *
     * @param list<string> $arguments
     *
     * @return list<string>
     */
    private function benchInputProblems(array $arguments): array
    {
        $app = $this->app ??= self::app();
        $arguments = array_values(array_filter($arguments, static fn (string $a): bool => !str_starts_with($a, '--project=')));
        $application = new Application();
        $application->setAutoExit(false);
        $bench = new BenchCommand(new FakeProcessRunner(), Registries::standard());
        $application->addCommands([$bench]);
        $workingDirectory = (string) getcwd();
        chdir($app->path);
        try {
            $bench->run(new ArgvInput(['preheat', 'bench', '--project='.$app->path, ...$arguments]), new BufferedOutput());
        } catch (UserError $error) {
            return [\sprintf('preheat bench refuses it (exit 2): %s', $error->getMessage())];
        } catch (\Throwable) {
            // Past the checks of its input: it needs a PHP that this runner does not give.
        } finally {
            chdir($workingDirectory);
        }

        return [];
    }

    private static function app(): TemporaryDirectory
    {
        $app = new TemporaryDirectory('preheat-documented-app-');
        mkdir($app->path.'/public');
        mkdir($app->path.'/config');
        foreach (['public/index.php', 'preload.php', 'config/preload.php'] as $file) {
            file_put_contents($app->path.'/'.$file, "<?php\n");
        }
        file_put_contents($app->path.'/preheat.json', '{"bench": {"documentRoot": "public", "frontController": "index.php"}}');

        return $app;
    }

    public function __destruct()
    {
        $this->app?->remove();
    }

    /**
     * A usage line: every option there, with a value when it takes one and `...` when it takes several, and
     * the values listed (`--format=text|json`) the ones the option takes; no more arguments than the command has.
     *
     * @param list<string> $tokens
     *
     * @return list<string>
     */
    private function usageProblems(Command $command, array $tokens): array
    {
        $definition = $command->getDefinition();
        $problems = [];
        $arguments = 0;
        foreach ($tokens as $index => $token) {
            $repeated = str_ends_with($token, '...') || '...' === ($tokens[$index + 1] ?? null)
                || '...]' === ($tokens[$index + 1] ?? null);
            $token = trim(str_replace('...', '', $token), '[]');
            if ('' === $token || '|' === $token) {
                continue;
            }
            if (!str_starts_with($token, '--')) {
                ++$arguments;

                continue;
            }
            $name = explode('=', substr($token, 2), 2)[0];
            $value = explode('=', $token, 2)[1] ?? null;
            if (!$definition->hasOption($name)) {
                $problems[] = \sprintf('preheat %s has no option --%s', $command->getName(), $name);

                continue;
            }
            $option = $definition->getOption($name);
            if (null !== $value && !$option->acceptValue()) {
                $problems[] = \sprintf('--%s takes no value', $name);
            } elseif (null === $value && $option->isValueRequired()) {
                $problems[] = \sprintf('--%s needs a value (--%s=%s)', $name, $name, strtoupper($name));
            }
            if ($repeated !== $option->isArray()) {
                $problems[] = \sprintf($repeated ? '--%s is given once: no `...`' : '--%s may be repeated: write `...` after it', $name);
            }
            $suggested = $this->suggested($command, $name);
            if (null !== $value && str_contains($value, '|') && [] !== $suggested && explode('|', $value) !== $suggested) {
                $problems[] = \sprintf('--%s takes %s, not %s', $name, implode('|', $suggested), $value);
            }
        }
        $takes = \count($definition->getArguments()) - 1; // the first is the command's name
        if ($arguments > $takes) {
            $problems[] = \sprintf('preheat %s takes %d argument(s), not %d', $command->getName(), $takes, $arguments);
        }

        return $problems;
    }

    /** @return list<string> the values the option's completion offers; none when it takes any */
    private function suggested(Command $command, string $option): array
    {
        return $this->suggestions[$command->getName().' '.$option] ??= array_values(array_map(
            'strval',
            (new CommandCompletionTester($command))->complete(['--'.$option.'=']),
        ));
    }

    private static function isPlaceholder(string $value): bool
    {
        return (bool) preg_match('/^[A-Z][A-Z_]*$/', $value);
    }

    /**
     * @param list<string> $words
     *
     * @return list<string>
     */
    private function makeProblems(array $words): array
    {
        $makefile = (string) file_get_contents($this->root.'/Makefile');
        preg_match_all('/^([A-Za-z0-9_.-]+)\s*:(?!=)/m', $makefile, $targets);
        preg_match_all('/^([A-Z_]+)\s*[?:]?=|\$\(([A-Z_]+)\)/m', $makefile, $variables);
        $variables = array_filter([...$variables[1], ...$variables[2]]);
        $problems = [];
        foreach ($words as $word) {
            if (preg_match('/^([A-Z_]+)=/', $word, $variable)) {
                if (!\in_array($variable[1], $variables, true)) {
                    $problems[] = \sprintf('the Makefile reads no variable %s', $variable[1]);
                }
            } elseif (!\in_array($word, $targets[1], true)) {
                $problems[] = \sprintf('the Makefile has no target %s', $word);
            }
        }

        return $problems;
    }

    /**
     * @param list<string> $words
     *
     * @return list<string>
     */
    private function phpScriptProblems(array $words): array
    {
        while ('-d' === ($words[0] ?? null)) {
            $words = \array_slice($words, 2);
        }
        $script = $words[0] ?? '';
        if (!is_file($this->root.'/'.$script)) {
            return [\sprintf('%s is not a file of this repository', $script)];
        }
        if ('vendor/bin/phpunit' !== $script) {
            // A script of ours reads its options by name: one its source never names is not one it takes.
            $source = (string) file_get_contents($this->root.'/'.$script);
            $problems = [];
            foreach (\array_slice($words, 1) as $word) {
                $option = preg_match('/^\[?--([a-z][a-z-]*)/', $word, $match) ? $match[1] : null;
                if (null !== $option && !str_contains($source, $option)) {
                    $problems[] = \sprintf('%s reads no option --%s', $script, $option);
                }
            }

            return $problems;
        }
        preg_match_all('/<testsuite name="([^"]+)"/', (string) file_get_contents($this->root.'/phpunit.xml.dist'), $suites);
        $problems = [];
        foreach ($words as $index => $word) {
            $suite = '--testsuite' === $word ? ($words[$index + 1] ?? '') : (str_starts_with($word, '--testsuite=') ? substr($word, 12) : null);
            if (null !== $suite && !\in_array($suite, $suites[1], true)) {
                $problems[] = \sprintf('phpunit.xml.dist has no test suite %s', $suite);
            }
        }

        return $problems;
    }

    /**
     * @param list<string> $words
     *
     * @return list<string>
     */
    private static function composerProblems(array $words): array
    {
        if (!\in_array($words[0] ?? '', self::COMPOSER_COMMANDS, true)) {
            return [\sprintf('composer %s is not a Composer command this test knows', $words[0] ?? '')];
        }
        $problems = [];
        foreach (\array_slice($words, 1) as $word) {
            if (str_starts_with($word, '-') && !preg_match('/^(--[a-z][a-z-]*(=\S+)?|-[a-zA-Z])$/', $word)) {
                $problems[] = \sprintf('%s is not an option\'s form', $word);
            }
        }

        return $problems;
    }
}
