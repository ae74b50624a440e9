<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\ExpositionValidators;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * doc/deploying.md's cron lines for node_exporter's textfile collector, read from the doc: each is a line of
 * /etc/cron.d (five time fields, a user, a command without `%`, which cron reads as a line end) whose command
 * writes `--format=prometheus` to a temporary name in the collector's directory that it does not read, then
 * renames it to a `*.prom` of the same directory, and goes on (`;`) when preheat exits non-zero. Then each runs
 * as written with /bin/sh, as cron runs it, with the host's paths (the collector's directory, the phar, the
 * script, the socket, the store) put in this test's: the file it leaves is what promtool and Prometheus'
 * Python client read, typed, and no temporary file is left.
 */
#[Group('integration')]
final class MonitoringCronTest extends TestCase
{
    private const CRON_LINE = '/^(?<schedule>(?:[\d*\/,-]+ ){5})(?<user>[a-z_][a-z0-9_-]*) (?<command>.+)$/';
    private const COMMAND = '/^D=(?<directory>\/\S+); php (?<phar>\/\S+\.phar) (?<arguments>.+) > \$D\/(?<file>[\w-]+\.prom)'
        .'\.tmp; mv \$D\/\k<file>\.tmp \$D\/\k<file>$/';

    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-cron-');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testTheDocumentedCronLinesWriteWholeTypedFilesForTheTextfileCollector(): void
    {
        $lines = self::cronLines();
        self::assertCount(2, $lines, 'doc/deploying.md: a line for status and one for usage');
        $root = $this->directory->path;
        mkdir($root.'/textfile');
        $script = $root.'/preload.php';
        file_put_contents($script, "<?php\n");
        $store = $root.'/preheat-usage.log';
        file_put_contents($store, '{"v":2,"server":"web1","from":1700000000,"to":1700000060,"requests":10,"dropped":0,'
            .'"files":{"/app/a.php":10},"required":{}}'."\n");
        $files = [];
        foreach ($lines as $line) {
            $cron = self::matched(self::CRON_LINE, $line, 'a line of /etc/cron.d');
            self::assertStringNotContainsString('%', $cron['command'], 'cron reads % as a line end');
            $command = self::matched(self::COMMAND, $cron['command'], 'written to a .tmp of $D, then renamed');
            self::assertStringContainsString('--format=prometheus', $command['arguments']);
            self::assertNotContains($command['file'], $files, 'each command its own file');
            $files[] = $command['file'];

            // The host's paths, in this test's; the rest runs as written.
            $run = strtr($cron['command'], [
                'D='.$command['directory'].';' => 'D='.$root.'/textfile;',
                'php '.$command['phar'] => escapeshellarg(\PHP_BINARY).' '.escapeshellarg(\dirname(__DIR__, 2).'/bin/preheat'),
                '/var/www/app/current/preload.php' => $script,
                '--fastcgi=/run/php/php8.2-fpm.sock' => '--fastcgi='.$root.'/gone.sock',
                '--store=/var/www/app/shared/preheat-usage.log' => '--store='.$store,
            ]);
            self::assertStringNotContainsString('/var/', $run, 'every host path replaced: '.$run);
            $process = new Process(['/bin/sh', '-c', $run], $root, null, null, 120);
            $process->run();
            self::assertSame(0, $process->getExitCode(), 'the rename runs whatever preheat exits: '.$process->getErrorOutput());

            self::assertFileDoesNotExist($root.'/textfile/'.$command['file'].'.tmp');
            $families = ExpositionValidators::prometheusTextFamilies((string) file_get_contents($root.'/textfile/'.$command['file']));
            foreach ($families as $name => $family) {
                self::assertContains($family['type'], ['gauge', 'counter'], $name);
            }
            if (str_contains($command['arguments'], 'status ')) {
                // No php-fpm behind the socket: exit 3, and the file says so.
                self::assertSame('0.0', $families['preheat_status_up']['samples'][0]['value']);
            } else {
                self::assertSame('counter', $families['preheat_usage_requests']['type']);
                self::assertSame('10.0', $families['preheat_usage_requests']['samples'][0]['value']);
            }
        }
    }

    /** @return list<string> the lines of the crontab block of doc/deploying.md (marked `<!-- example: a crontab line … -->`) */
    private static function cronLines(): array
    {
        $doc = (string) file_get_contents(\dirname(__DIR__, 2).'/doc/deploying.md');
        $block = self::matched('/^<!-- example: a crontab line[^\n]*-->\n```sh\n(.*?)^```$/ms', $doc, 'the cron block');

        return array_values(array_filter(explode("\n", $block[1]), static fn (string $line): bool => '' !== $line));
    }

    /** @return array<int|string, string> the groups of $pattern in $subject, which it must match */
    private static function matched(string $pattern, string $subject, string $what): array
    {
        self::assertSame(1, preg_match($pattern, $subject, $groups), $what.': '.$subject);

        return $groups;
    }
}
