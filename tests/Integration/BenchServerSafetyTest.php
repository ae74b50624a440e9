<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Server\ApacheModPhp\ApacheModPhpLauncher;
use Preheat\Server\Binaries;
use Preheat\Server\NginxFpm\NginxFpmLauncher;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\StackSettings;
use Preheat\Server\Worker\WorkerLauncher;
use Preheat\Server\WorkerSettings;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Worker\WorkerAdapter;
use Symfony\Component\Process\Process;

/**
 * The bench's servers, started as root as a bench run by root starts them, from a document root whose
 * path carries a space, ";", "$", braces, quotes and a backslash (written into their configuration escaped), in which an
 * unprivileged user planted a link to a root-only file (an uploads folder): the link is not followed,
 * the servers' workers do not run as root, and Preheat's own status pages do not answer at the old
 * fixed path.
 */
#[Group('integration')]
final class BenchServerSafetyTest extends TestCase
{
    private const SECRET = 'only-root-may-read-this-7f3a';

    private TemporaryDirectory $directory;
    private ProcessSupervisor $supervisor;
    private ?Runtime $runtime = null;
    private string $root;

    protected function setUp(): void
    {
        if (0 !== posix_geteuid() || false === posix_getpwnam('nobody')) {
            self::markTestSkipped('needs root (a bench run as root) and the user nobody');
        }
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0755);
        $app = $this->directory->path.'/my app;$HOME{x}"q\'b\\';
        $this->root = $app.'/public';
        mkdir($this->root.'/uploads', 0755, true);
        chmod($app, 0755);
        chmod($this->root, 0755);
        chown($this->root.'/uploads', 'nobody');
        file_put_contents($this->root.'/index.php', "<?php echo 'front controller ', \$_SERVER['REQUEST_URI'];\n");
        file_put_contents($this->root.'/hello.txt', "static hello\n");
        chmod($this->root.'/index.php', 0644);
        chmod($this->root.'/hello.txt', 0644);
        file_put_contents($this->directory->path.'/secret.txt', self::SECRET);
        chmod($this->directory->path.'/secret.txt', 0600);
        // The unprivileged user plants the link, as through an uploads folder.
        exec(\sprintf('setpriv --reuid=nobody --regid=nogroup --clear-groups ln -s %s %s 2>&1', escapeshellarg($this->directory->path.'/secret.txt'), escapeshellarg($this->root.'/uploads/leak.txt')), $output, $status);
        self::assertSame(0, $status, implode("\n", $output));
        $link = lstat($this->root.'/uploads/leak.txt');
        self::assertSame(posix_getpwnam('nobody')['uid'], false === $link ? null : $link['uid'], 'the link is nobody\'s');
        mkdir($this->directory->path.'/scenario');
        $this->supervisor = new ProcessSupervisor(new SymfonyProcessRunner(), false);
    }

    protected function tearDown(): void
    {
        if (!isset($this->supervisor)) {
            return;
        }
        $this->runtime?->stop();
        $this->supervisor->stopAll();
        $this->directory->remove();
    }

    public function testNginxRefusesAPlantedLinkRunsItsWorkersAsThePoolUserAndHidesItsStatusPages(): void
    {
        $runtime = $this->start(fn (StackSettings $stack): RuntimeFactory => new NginxFpmLauncher($this->supervisor, $stack));

        $this->assertServesTheAppButNotTheLinkNorTheOldStatusPath($runtime);
        $master = (int) trim((string) file_get_contents($this->directory->path.'/scenario/nginx.pid'));
        $workers = self::children($master);
        self::assertNotSame([], $workers, 'nginx has worker processes');
        foreach ($workers as $pid) {
            self::assertSame($this->poolUid(), self::uid($pid), 'nginx worker '.$pid.' runs as the pool\'s user, not root');
        }
    }

    public function testApacheRefusesAPlantedLinkAndHidesItsStatusPages(): void
    {
        if (!is_file(ApacheModPhpLauncher::DEBIAN_MODULES.'/libphp'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION.'.so')) {
            self::markTestSkipped('needs libapache2-mod-php');
        }
        $runtime = $this->start(fn (StackSettings $stack): RuntimeFactory => new ApacheModPhpLauncher($this->supervisor, $stack));

        $this->assertServesTheAppButNotTheLinkNorTheOldStatusPath($runtime);
        foreach ($runtime->workerPids() as $pid) {
            self::assertSame($this->poolUid(), self::uid($pid), 'Apache child '.$pid.' runs as the pool\'s user');
        }
    }

    public function testTheWorkerRuntimeRefusesAPlantedLinkAndHidesItsStatusPages(): void
    {
        $app = \dirname($this->root);
        $runtime = $this->start(fn (StackSettings $stack): RuntimeFactory => new WorkerLauncher($this->supervisor, $stack, new WorkerSettings($app, WorkerAdapter::Plain, null, 0, WorkerSettings::DEFAULT_MAX_BODY_BYTES)));

        $this->assertServesTheAppButNotTheLinkNorTheOldStatusPath($runtime);
    }

    public function testADocumentRootWithANewlineIsRefusedWithItsPathBeforeAnyServerStarts(): void
    {
        $project = $this->directory->path."/app\nuser root;";
        exec(\sprintf('cp -R %s %s', escapeshellarg(\dirname(__DIR__).'/Fixtures/bench/app'), escapeshellarg($project)), $output, $status);
        self::assertSame(0, $status);

        $process = new Process(
            [\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.$project, '--scenario=none', '--url=/', '--rounds=2', '--max-time=0', '--duration=1', '--warmup=0'],
            null,
            ['PREHEAT_FIXTURE_COUNTER' => $this->directory->path.'/counter'],
            null,
            120,
        );
        $process->run();

        self::assertSame(2, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('The document root (bench.documentRoot) "'.$this->directory->path.'/app\nuser root;/public" contains a newline, which cannot be written safely into nginx\'s configuration: move or rename it to a path without it', $process->getErrorOutput());
        self::assertSame([], BenchProcesses::leftBehind());
    }

    /** @param \Closure(StackSettings): RuntimeFactory $launcher */
    private function start(\Closure $launcher): Runtime
    {
        $php = (new PhpInstallationLocator(new SymfonyProcessRunner()))->locate(\PHP_BINARY);
        $stack = new StackSettings($this->root, $this->root.'/index.php', 2, Binaries::common()[Binaries::FPM], 'nginx', $php, 30.0);

        return $this->runtime = $launcher($stack)->start('none', $this->directory->path.'/scenario', null);
    }

    private function assertServesTheAppButNotTheLinkNorTheOldStatusPath(Runtime $runtime): void
    {
        self::assertSame([200, "static hello\n"], self::get($runtime->url('/hello.txt')), 'a static file of a document root whose path has " ", ";", "$", "{"');
        self::assertSame([200, 'front controller /some/page'], self::get($runtime->url('/some/page')));

        [$status, $body] = self::get($runtime->url('/uploads/leak.txt'));
        self::assertStringNotContainsString(self::SECRET, $body);
        // Refused, or not a file to serve: then the front controller answers for the path, as for any other.
        self::assertTrue(\in_array($status, [403, 404], true) || (200 === $status && 'front controller /uploads/leak.txt' === $body), 'the planted link is not followed: '.$status.' '.$body);

        self::assertNotNull($runtime->opcacheStatus(), 'Preheat\'s own client finds its status page');
        clearstatcache();
        self::assertSame(0, fileperms($this->directory->path.'/scenario') & 0077, 'the configurations naming the status pages\' prefix are the owner\'s only');
        foreach (['/__preheat/status', '/__preheat/fpm-status', '/__preheat/server-status', '/__preheat/requests'] as $old) {
            [$status, $body] = self::get($runtime->url($old));
            self::assertSame(404, $status, $old.' answers nothing: '.$body);
            self::assertStringNotContainsString('opcache', strtolower($body));
        }
    }

    /** @return array{int, string} */
    private static function get(string $url): array
    {
        $context = stream_context_create(['http' => ['timeout' => 10, 'ignore_errors' => true]]);
        $body = (string) @file_get_contents($url, false, $context);
        $status = 0;
        foreach ($http_response_header as $line) {
            if (1 === preg_match('{^HTTP/\S+ (\d{3})}', $line, $match)) {
                $status = (int) $match[1];
            }
        }

        return [$status, $body];
    }

    private function poolUid(): int
    {
        $user = (new PhpInstallationLocator(new SymfonyProcessRunner()))->locate(\PHP_BINARY)->user ?? 'www-data';

        return (int) (posix_getpwnam($user)['uid'] ?? -1);
    }

    /** @return list<int> */
    private static function children(int $parent): array
    {
        $children = [];
        foreach (glob('/proc/[0-9]*/status') ?: [] as $file) {
            if (1 === preg_match('/^PPid:\s+'.$parent.'$/m', (string) @file_get_contents($file))) {
                $children[] = (int) basename(\dirname($file));
            }
        }

        return $children;
    }

    private static function uid(int $pid): int
    {
        preg_match('/^Uid:\s+(\d+)/m', (string) @file_get_contents('/proc/'.$pid.'/status'), $match);

        return (int) ($match[1] ?? -1);
    }
}
