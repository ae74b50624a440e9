<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script\Verify;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;
use Preheat\Progress\Timings;
use Preheat\Script\Verify\PhpBoots;
use Preheat\Script\Verify\StartupLogParser;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Tests\Support\FakeProcessRunner;

/** How PreloadVerifier's boots are run and read, without PHP: the commands, what is remembered, what is read back. */
final class PhpBootsTest extends TestCase
{
    public function testABaselineBootsWithoutPreloadAndTheSettingsOnTopWin(): void
    {
        $boots = new PhpBoots(new FakeProcessRunner(), new StartupLogParser(), new Timings());
        $options = self::options();

        $baseline = $boots->command($options, null, '/tmp/probe.php', ['opcache.interned_strings_buffer' => '64']);
        self::assertSame(['php', '-c', '/etc/php.ini'], \array_slice($baseline, 0, 3));
        self::assertSame('/tmp/probe.php', $baseline[\count($baseline) - 1]);
        self::assertContains('opcache.preload=', $baseline);
        self::assertContains('opcache.interned_strings_buffer=64', $baseline);
        self::assertContains('memory_limit=256M', $baseline);
        self::assertContains('auto_prepend_file=', $baseline);
        self::assertNotContains('opcache.preload_user=www-data', $baseline);

        $withScript = $boots->command($options, '/tmp/wrapper.php', '/tmp/probe.php');
        self::assertContains('opcache.preload=/tmp/wrapper.php', $withScript);
        self::assertContains('opcache.preload_user=www-data', $withScript);
        // As a user could run it again: the environment in front, the script itself in place of its wrapper.
        $scanned = new VerifyOptions($options->php->withSettings(new PhpSettings('/etc/php.ini', 'test', '/etc/php/conf.d')));
        self::assertSame(
            "PHP_INI_SCAN_DIR='/etc/php/conf.d' php -d opcache.preload=/srv/app/preload.php /tmp/probe.php",
            PhpBoots::commandLine(
                $scanned,
                new ProcessResult(['php', '-d', 'opcache.preload=/tmp/wrapper.php', '/tmp/probe.php'], 0, '', '', 0.0),
                '/tmp/wrapper.php',
                '/srv/app/preload.php',
            ),
        );
    }

    public function testBootsWithoutTheScriptAreRememberedAndOnesWithItAreNot(): void
    {
        $runner = new FakeProcessRunner();
        $boots = new PhpBoots($runner, new StartupLogParser(), new Timings());
        $options = self::options();

        $boots->boot('baseline', $options, null, '/tmp/probe-1.php');
        // Another probe path, as each verification writes its own: the same boot.
        $boots->boot('baseline', $options, null, '/tmp/probe-2.php');
        self::assertCount(1, $runner->ran);
        $boots->boot('baseline, larger', $options, null, '/tmp/probe-2.php', ['opcache.interned_strings_buffer' => '64']);
        self::assertCount(2, $runner->ran);

        $boots->boot('script', $options, '/tmp/wrapper.php', '/tmp/probe-1.php');
        $boots->boot('script', $options, '/tmp/wrapper.php', '/tmp/probe-1.php');
        self::assertCount(4, $runner->ran);
    }

    public function testTheWrapperSReportIsTakenOutOfPhpSMessages(): void
    {
        $wrapper = PhpBoots::wrapperCode('/srv/app/preload.php');
        self::assertStringContainsString("return require '/srv/app/preload.php';", $wrapper);
        self::assertSame(1, preg_match('/"\\\\n(@@[A-Z-]+@@)"/', $wrapper, $found), 'the wrapper reports between markers');
        $marker = [1 => $found[1] ?? ''];

        $report = "\n".$marker[1].base64_encode(serialize(['peak' => 4194304, 'limit' => '128M', 'user' => 'www-data']))
            .$marker[1]."\n";
        $stderr = "PHP Warning:  Can't preload class A in /srv/app/A.php on line 3\n".$report
            ."PHP Fatal error:  Allowed memory size exhausted in Unknown on line 0\n";
        $runner = new class($stderr) implements ProcessRunner {
            public function __construct(private readonly string $stderr)
            {
            }

            public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult
            {
                return new ProcessResult($command, 255, '', $this->stderr, 0.1);
            }

            public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
            {
                throw new \LogicException('not started');
            }
        };

        [$result, $status, $preload, $messages] = (new PhpBoots($runner, new StartupLogParser(), new Timings()))
            ->withScript('script', self::options(), '/tmp/wrapper.php', '/tmp/probe.php');

        self::assertSame(255, $result->exitCode);
        self::assertNull($status);
        self::assertSame(['peak' => 4194304, 'limit' => '128M', 'user' => 'www-data'], $preload);
        self::assertSame(['peak' => 4194304, 'limit' => '128M', 'user' => 'www-data'], PhpBoots::wrapperReport($result));
        self::assertCount(2, $messages);
        foreach ($messages as $message) {
            self::assertStringNotContainsString('@@', $message->message);
        }
    }

    private static function options(): VerifyOptions
    {
        return new VerifyOptions(new PhpInstallation(
            'php',
            null,
            new PhpSettings('/etc/php.ini', 'test', null, [], ['memory_limit' => '256M']),
            'www-data',
            '--user',
        ));
    }
}
