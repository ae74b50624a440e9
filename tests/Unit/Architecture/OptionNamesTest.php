<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PHPUnit\Framework\TestCase;
use Preheat\Console\Application;

/**
 * Only the console knows the options of its commands: code below it names the setting in its messages
 * (and carries a Setting the console turns into "(option --x)"). A hint that names a whole command to
 * run (`preheat record --install`) is allowed.
 */
final class OptionNamesTest extends TestCase
{
    /** Presentation for the console; it may name options. */
    private const CONSOLE_LAYERS = ['Console', 'Report'];

    /**
     * Still written below the console: where a php.ini or user came from, which verify's JSON reports as
     * "source": "--ini", and how a bench scenario was prepared ("generate --strategy=hot: ..."), a field of
     * the bench's JSON report. Valgrind's own `--tool=callgrind`, in the command the bench runs and in its
     * description of it, is no option of Preheat's; nor is php-fpm's own `--fpm-config` in the command that
     * starts the bench's php-fpm.
     */
    private const KNOWN = [
        'Bench/ScenarioPreparer.php' => ['--strategy'],
        'Bench/Load/CallgrindLoadGenerator.php' => ['--tool'],
        'Bench/Load/Tool/CallgrindTool.php' => ['--tool'],
        'Php/PhpInstallationLocator.php' => ['--ini', '--pool-user'],
        'Server/NginxFpm/NginxFpmLauncher.php' => ['--fpm-config'],
    ];

    public function testCodeBelowTheConsoleNamesNoOptionOfACommand(): void
    {
        $source = \dirname(__DIR__, 3).'/src';
        $options = self::options();
        $found = [];
        $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($source, \FilesystemIterator::SKIP_DOTS));
        foreach ($files as $file) {
            $relative = substr((string) $file, \strlen($source) + 1);
            if (!str_ends_with($relative, '.php') || \in_array(explode('/', $relative)[0], self::CONSOLE_LAYERS, true)) {
                continue;
            }
            foreach (self::strings((string) file_get_contents((string) $file)) as $text) {
                // A command to run, in backquotes, may carry its options.
                $text = (string) preg_replace('/`preheat [^`]*`|\(preheat [^)]*\)/', '', $text);
                preg_match_all('/(?<![\w-])--([a-z][a-z-]*)/', $text, $matches);
                foreach ($matches[1] as $name) {
                    if (isset($options[$name]) && !\in_array('--'.$name, self::KNOWN[$relative] ?? [], true)) {
                        $found[] = $relative.': --'.$name.' in '.trim($text);
                    }
                }
            }
        }

        self::assertSame([], $found, 'name the setting and let the console add the option');
    }

    /** @return array<string, true> the options of Preheat's own commands */
    private static function options(): array
    {
        $options = [];
        foreach ((new Application())->all() as $name => $command) {
            if (\in_array($name, ['help', 'list', 'completion', '_complete'], true)) {
                continue;
            }
            foreach ($command->getDefinition()->getOptions() as $option) {
                $options[$option->getName()] = true;
            }
        }

        return $options;
    }

    /** @return list<string> the string literals of a PHP file */
    private static function strings(string $code): array
    {
        $strings = [];
        foreach (token_get_all($code) as $token) {
            if (\is_array($token) && \in_array($token[0], [\T_CONSTANT_ENCAPSED_STRING, \T_ENCAPSED_AND_WHITESPACE], true)) {
                $strings[] = $token[1];
            }
        }

        return $strings;
    }
}
