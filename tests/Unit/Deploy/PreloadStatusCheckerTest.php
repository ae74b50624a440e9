<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Deploy;

use PHPUnit\Framework\TestCase;
use Preheat\Deploy\PreloadStatus;
use Preheat\Deploy\PreloadStatusChecker;
use Preheat\Deploy\StaleReason;
use Preheat\Php\CachedScripts;
use Preheat\Php\FastCgi\FastCgiResponse;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Plan\PlannedFile;
use Preheat\Plan\PreloadPlan;
use Preheat\Script\Verify\UnreadableFiles;
use Preheat\Script\Write\PreloadScriptWriter;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Tests\Support\TemporaryDirectory;

/** The comparison behind `preheat status`, on a status as the probe reports it from inside php-fpm. */
final class PreloadStatusCheckerTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $script;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $root = $this->directory->path;
        file_put_contents($root.'/A.php', "<?php\nclass A {}\n");
        $this->script = $root.'/preload.php';
        (new PreloadScriptWriter())->write(
            new PreloadPlan('paths', $root, [$root], [new PlannedFile($root.'/A.php', ['A'], [])], [], [], 1),
            $this->script,
        );
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testTheSameManifestOnBothSidesIsFresh(): void
    {
        $status = $this->compare($this->running());

        self::assertTrue($status->fresh(), implode('; ', $status->problems));
        self::assertSame(0, $status->exitCode());
    }

    public function testAServerThatPreloadedAnotherScriptIsStaleAndNeedsARestart(): void
    {
        $status = $this->compare($this->running(new ScriptManifest(str_repeat('a', 64), str_repeat('b', 64))));

        self::assertSame(1, $status->exitCode());
        self::assertStringContainsString('php-fpm preloaded another version of the script', $status->problems[0]);
        self::assertSame(PreloadStatus::RESTART, $status->action);
    }

    /** Another opcache.preload path is the one problem: a restart alone would preload that file again. */
    public function testAServerThatPreloadsAnotherFileIsToldWhereToPointNotToRestart(): void
    {
        $elsewhere = $this->running(new ScriptManifest(str_repeat('a', 64), str_repeat('b', 64)));
        $status = $this->compare(new OpcacheStatus(
            php: '8.2.30',
            user: 'www-data',
            enabled: true,
            preload: new OpcachePreload(memoryBytes: 1024, scripts: ['/srv/other/preload.php'], classes: 1),
            memory: new OpcacheMemory(),
            scripts: new CachedScripts(count: 2),
            ini: ['preload' => '/srv/other/preload.php'],
            manifest: $elsewhere->manifest,
        ));

        self::assertSame(['php-fpm\'s opcache.preload is /srv/other/preload.php, not '.realpath($this->script)], $status->problems);
        self::assertSame(\sprintf(PreloadStatus::POINT_AT, realpath($this->script)), $status->action);
        self::assertStringNotContainsString('another version', implode(' ', $status->problems));
    }

    /** Not stale, yet not fresh: a restart does not help a request that includes a file its user cannot read. */
    public function testFilesOfTheAppThePoolUserCannotReadAreNotFreshAndTheFixComesFirst(): void
    {
        $unreadable = new UnreadableFiles([], ['/srv/app/vendor/a/getallheaders.php' => 'owner root, mode 0600'], 40, 40);
        $status = PreloadStatusChecker::compare('127.0.0.1:9000', (string) realpath($this->script), (string) file_get_contents($this->script), $this->running(), $unreadable);

        self::assertFalse($status->fresh());
        self::assertSame(1, $status->exitCode());
        self::assertSame([StaleReason::UnreadableByPoolUser], $status->reasons);
        self::assertStringContainsString('www-data, the user php-fpm runs requests as, cannot read 1 of the app\'s 40 files (e.g. /srv/app/vendor/a/getallheaders.php, owner root, mode 0600)', $status->problems[0]);
        self::assertSame('chmod -R a+rX /srv/app/vendor/a', $status->action);

        $stale = PreloadStatusChecker::compare('127.0.0.1:9000', (string) realpath($this->script), (string) file_get_contents($this->script), new OpcacheStatus(
            php: '8.2.30',
            user: 'www-data',
            enabled: true,
            preload: new OpcachePreload(),
            memory: new OpcacheMemory(),
            scripts: new CachedScripts(),
            ini: ['preload' => ''],
        ), $unreadable);
        self::assertSame('chmod -R a+rX /srv/app/vendor/a, then '.PreloadStatus::RESTART, $stale->action);

        $none = PreloadStatusChecker::compare('127.0.0.1:9000', (string) realpath($this->script), (string) file_get_contents($this->script), $this->running(), new UnreadableFiles([], [], 40, 40));
        self::assertTrue($none->fresh());
    }

    public function testAServerThatPreloadsNothing(): void
    {
        $status = $this->compare(new OpcacheStatus(
            php: '8.2.30',
            user: 'www-data',
            enabled: true,
            preload: new OpcachePreload(),
            memory: new OpcacheMemory(),
            scripts: new CachedScripts(),
            ini: ['preload' => ''],
        ));

        self::assertSame(['php-fpm preloads nothing (its opcache.preload is empty)'], $status->problems);
        self::assertSame(PreloadStatus::RESTART, $status->action);
    }

    public function testFilesChangedSinceTheScriptWasGeneratedNeedAGenerateFirst(): void
    {
        $running = $this->running();
        file_put_contents($this->directory->path.'/A.php', "<?php\nclass A { const V = 2; }\n");

        $status = $this->compare($running);

        self::assertSame(['the files the script preloads changed since it was generated'], $status->problems);
        self::assertSame(PreloadStatus::REGENERATE, $status->action);
    }

    public function testAScriptWrittenWithTheEarlierSourcesHashStillReadsAsFreshUntilItsFilesChange(): void
    {
        // Scripts written before the sources hash said how it was made hashed each file with sha256.
        $text = (string) file_get_contents($this->script);
        $manifest = ScriptManifest::fromScript($text);
        self::assertNotNull($manifest);
        self::assertStringStartsWith('xxh128:', $manifest->sources);
        $earlier = hash('sha256', (string) hash_file('sha256', $this->directory->path.'/A.php'));
        file_put_contents($this->script, str_replace($manifest->sources, $earlier, $text));
        $written = ScriptManifest::fromScript((string) file_get_contents($this->script));
        self::assertNotNull($written);
        self::assertSame($earlier, $written->sources);

        self::assertTrue($this->compare($this->running($written))->fresh());

        file_put_contents($this->directory->path.'/A.php', "<?php\nclass A { const V = 2; }\n");
        self::assertSame(
            ['the files the script preloads changed since it was generated'],
            $this->compare($this->running($written))->problems,
        );
    }

    public function testTheProbeReportsTheManifestApartFromTheAppsClasses(): void
    {
        $status = OpcacheStatus::read($this->running()->printed());

        self::assertSame(
            ScriptManifest::fromScript((string) file_get_contents($this->script))?->className(),
            $status?->manifest['class'] ?? null,
        );
    }

    public function testFastCgiResponseHeadersAndBody(): void
    {
        $response = FastCgiResponse::parse(
            "Status: 404 Not Found\r\nContent-Type: text/plain\r\n\r\nnope",
            'PHP message: x',
            0,
        );

        self::assertSame(
            [404, 'text/plain', 'nope', 'PHP message: x'],
            [$response->status, $response->headers['content-type'], $response->body, $response->stderr],
        );
        self::assertSame(200, FastCgiResponse::parse("Content-Type: text/html\n\nok", '', 0)->status);
    }

    private function running(?ScriptManifest $manifest = null): OpcacheStatus
    {
        $manifest ??= ScriptManifest::fromScript((string) file_get_contents($this->script));
        self::assertNotNull($manifest);

        return new OpcacheStatus(
            php: '8.2.30',
            user: 'www-data',
            enabled: true,
            preload: new OpcachePreload(memoryBytes: 1024, scripts: [$this->script], classes: 1),
            memory: new OpcacheMemory(),
            scripts: new CachedScripts(count: 2),
            ini: ['preload' => $this->script],
            manifest: ['class' => $manifest->className(), 'plan' => $manifest->plan, 'sources' => $manifest->sources],
        );
    }

    private function compare(OpcacheStatus $running): PreloadStatus
    {
        return PreloadStatusChecker::compare(
            '127.0.0.1:9000',
            (string) realpath($this->script),
            (string) file_get_contents($this->script),
            $running,
        );
    }
}
