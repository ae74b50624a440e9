<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script\Generate;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Script\Generate\ReuseRecord;
use Preheat\Script\Generate\ReuseStore;
use Preheat\Script\Verify\BootOutcome;
use Preheat\Script\Verify\PreloadFigures;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupMessage;
use Preheat\Script\Verify\StartupTime;
use Preheat\Script\Verify\VerificationReport;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * A new release finds the record of the same files by their ReleaseKey, with its own root in every path the record
 * holds; a record made at a root of another length, or at this root, is none.
 */
final class ReuseStoreTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testARecordOfAnotherReleaseComesWithThisReleasesPaths(): void
    {
        $store = new ReuseStore($this->directory->path);
        $store->writeRelease('release key', $this->record('/srv/releases/1'));

        $moved = $store->readRelease('release key', '/srv/releases/2');

        self::assertNotNull($moved);
        self::assertSame('/srv/releases/2', $moved->root);
        self::assertSame('/srv/releases/2/preload.php', $moved->report->scriptPath);
        self::assertSame('-d opcache.preload=/srv/releases/2/preload.php', $moved->report->boot->commandLine);
        self::assertSame('/srv/releases/2/src/A.php', $moved->report->messages[0]->file);
        self::assertSame('Deprecated: in /srv/releases/2/src/A.php', $moved->report->messages[0]->message);
        self::assertSame('/etc/php/php.ini', $moved->report->php->settings->iniFile, 'a path outside stays');
        self::assertSame('release key', $moved->key);
    }

    public function testARecordOfARootOfAnotherLengthOrOfThisRootIsNone(): void
    {
        $store = new ReuseStore($this->directory->path);
        $store->writeRelease('release key', $this->record('/srv/releases/1'));

        self::assertNull($store->readRelease('release key', '/srv/releases/10'));
        self::assertNull($store->readRelease('release key', '/srv/releases/1'), 'read() is the record here');
        self::assertNull($store->readRelease('another key', '/srv/releases/2'));
        self::assertNull($store->read('/srv/releases/2/preload.php'), 'nor is it the record of a script');
    }

    /** The last format held the report's figures flat: its records are replaced without a word, not decoded. */
    public function testARecordOfTheLastFormatIsReplacedSilently(): void
    {
        $store = new ReuseStore($this->directory->path);
        $store->write('/srv/releases/1/preload.php', $this->record('/srv/releases/1'));
        $files = glob($this->directory->path.'/*') ?: [];
        self::assertCount(1, $files);
        $content = (string) file_get_contents($files[0]);
        self::assertStringContainsString('"preheat-reuse-6"', $content);
        file_put_contents($files[0], str_replace('"preheat-reuse-6"', '"preheat-reuse-5"', $content));

        self::assertNull($store->read('/srv/releases/1/preload.php'));
        self::assertNull($store->rejected(), 'not named as damaged');
    }

    private function record(string $root): ReuseRecord
    {
        $settings = new PhpSettings('/etc/php/php.ini', 'test');

        return new ReuseRecord('release key', 'sha', [], new VerificationReport(
            scriptPath: $root.'/preload.php',
            php: new PhpInstallation('php', null, $settings),
            boot: new BootOutcome('-d opcache.preload='.$root.'/preload.php', '8.2.0', true, 0),
            preloaded: new PreloadFigures(2, 2, 0, 100000, 0, 0),
            startup: new StartupTime(0.01),
            messages: [new StartupMessage(Severity::Deprecated, 'Deprecated: in '.$root.'/src/A.php', $root.'/src/A.php', 3)],
            unlinkedClasses: [],
        ), root: $root);
    }
}
