<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console\Trace;

use PHPUnit\Framework\TestCase;
use Preheat\Console\Trace\ConsoleTrace;
use Preheat\Process\StartedCommand;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Console\Output\BufferedOutput;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Process\Process;

final class ConsoleTraceTest extends TestCase
{
    public function testBelowDebugVerbosityOrBeforeACommandRunsNothingIsWritten(): void
    {
        $trace = new ConsoleTrace();
        $trace->commandStarting(self::php());
        foreach ([OutputInterface::VERBOSITY_NORMAL, OutputInterface::VERBOSITY_VERBOSE, OutputInterface::VERBOSITY_VERY_VERBOSE] as $verbosity) {
            $output = new BufferedOutput($verbosity);
            $trace->showOn($output);
            $trace->commandStarting(self::php());
            $trace->configWritten('/tmp/x/php-fpm.conf', "[global]\n");

            self::assertSame('', $output->fetch(), 'verbosity '.$verbosity);
        }
    }

    public function testAtDebugEachCommandIsAShellLineAndAServerRunsInTheBackground(): void
    {
        $output = new BufferedOutput(OutputInterface::VERBOSITY_DEBUG);
        $trace = new ConsoleTrace();
        $trace->showOn($output);

        $trace->commandStarting(self::php());
        $trace->commandStarting(new StartedCommand(['/usr/sbin/nginx', '-c', '/tmp/x/nginx.conf'], '/tmp/x', [], true));
        $trace->stop();
        $trace->commandStarting(self::php());

        self::assertSame(
            "\$ (cd /srv/app && PHP_INI_SCAN_DIR=/etc/php/8.2/fpm/conf.d /usr/bin/php8.2 -r 'echo 1;')\n"
            ."\$ (cd /tmp/x && /usr/sbin/nginx -c /tmp/x/nginx.conf) &\n",
            $output->fetch(),
            'nothing after stop()',
        );
    }

    /** Pasted into a shell, what the trace shows of a file writes that file again, byte for byte. */
    public function testAConfigurationFileIsShownAsTheShellLinesThatWriteIt(): void
    {
        $directory = new TemporaryDirectory();
        try {
            $path = $directory->path.'/php-fpm.conf';
            $contents = "[global]\npid = \"/tmp/x/fpm.pid\"\n\nlisten = 'sock' \$HOME `id`\nPREHEAT_EOF\n\n";
            $output = new BufferedOutput(OutputInterface::VERBOSITY_DEBUG);
            $trace = new ConsoleTrace();
            $trace->showOn($output);
            $trace->configWritten($path, $contents);
            $shown = $output->fetch();

            self::assertStringStartsWith('$ cat > '.$path." <<'PREHEAT_EOF_'\n[global]\n", $shown, 'a delimiter the file does not hold');
            (new Process(['bash', '-c', substr($shown, 2)]))->mustRun();
            self::assertSame($contents, file_get_contents($path));
        } finally {
            $directory->remove();
        }
    }

    public function testACopiedPhpIniIsShownAsTheCopyOfItsFileAndTheLinesAddedToIt(): void
    {
        $directory = new TemporaryDirectory();
        try {
            file_put_contents($directory->path.'/fpm.ini', "memory_limit=128M\n");
            $path = $directory->path.'/scenario php.ini';
            $added = "\n; Added by preheat bench\nopcache.enable=1\n";
            $output = new BufferedOutput(OutputInterface::VERBOSITY_DEBUG);
            $trace = new ConsoleTrace();
            $trace->showOn($output);
            $trace->configWritten($path, $added, $directory->path.'/fpm.ini');
            $shown = $output->fetch();

            self::assertSame(
                \sprintf("\$ { cat %s/fpm.ini; cat <<'PREHEAT_EOF'; } > '%s'\n%sPREHEAT_EOF\n", $directory->path, $path, $added),
                $shown,
            );
            (new Process(['bash', '-c', substr($shown, 2)]))->mustRun();
            self::assertSame("memory_limit=128M\n".$added, file_get_contents($path));
        } finally {
            $directory->remove();
        }
    }

    public function testOnATerminalATraceLineTakesTheLineOfAProgressBarInsteadOfFollowingIt(): void
    {
        $output = new BufferedOutput(OutputInterface::VERBOSITY_DEBUG, true);
        $trace = new ConsoleTrace();
        $trace->showOn($output);
        $output->write(' Round 1: none 1/2 [====>    ]');
        $trace->commandStarting(new StartedCommand(['wrk', 'http://127.0.0.1:8080/'], null, [], true));

        self::assertSame(" Round 1: none 1/2 [====>    ]\r\033[2K\$ wrk http://127.0.0.1:8080/ &\n", $output->fetch());
    }

    public function testAPasswordInAUrlIsMasked(): void
    {
        $output = new BufferedOutput(OutputInterface::VERBOSITY_DEBUG);
        $trace = new ConsoleTrace();
        $trace->showOn($output);
        $trace->commandStarting(new StartedCommand(['php', 'recorder.php', 'redis://app:s3cret@127.0.0.1:6379/2'], null, [], false));
        $trace->configWritten('/tmp/x/recorder.ini', "store = redis://:s3cret@redis.local/0?prefix=p\nurl = http://127.0.0.1:8080/\n");
        $shown = $output->fetch();

        self::assertStringNotContainsString('s3cret', $shown);
        self::assertStringContainsString('redis://app:***@127.0.0.1:6379/2', $shown);
        self::assertStringContainsString('redis://:***@redis.local/0?prefix=p', $shown);
        self::assertStringContainsString('url = http://127.0.0.1:8080/', $shown, 'a URL without a password as it is');
    }

    private static function php(): StartedCommand
    {
        return new StartedCommand(['/usr/bin/php8.2', '-r', 'echo 1;'], '/srv/app', ['PHP_INI_SCAN_DIR' => '/etc/php/8.2/fpm/conf.d'], false);
    }
}
