<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Doctor;

use PHPUnit\Framework\TestCase;
use Preheat\Composer\RuntimeRegistration;
use Preheat\Doctor\Doctor;
use Preheat\Doctor\DoctorReport;
use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Rung;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\AutoloaderState;
use Preheat\Doctor\Profile\PreloadState;
use Preheat\Doctor\Profile\PreloadStatus;
use Preheat\Doctor\Rule\KnownPreloadBug;
use Preheat\Script\Verify\UnreadableFiles;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * Each finding of doctor on a fixture configuration: the severity, the line to change and the rung that measures it.
 */
final class DoctorRulesTest extends TestCase
{
    public function testUndersizedInternedStringsNamesTheCommentedDefaultToReplace(): void
    {
        // Debian's Laravel + Symfony: 15 MB of source, about 6.3 MB of interned strings; 8 MB is too small.
        $finding = $this->finding('interned-strings-undersized', $this->examine([], 4545, 15_583_780));

        self::assertSame(Severity::Warning, $finding->severity);
        self::assertSame(Rung::OpcacheSizing, $finding->rung);
        $fix = $finding->fixes[0];
        self::assertSame(DoctorFixtures::dir('stock').'/php.ini', $fix->file);
        self::assertSame(8, $fix->line);
        self::assertSame(';opcache.interned_strings_buffer=8', $fix->current);
        self::assertSame('opcache.interned_strings_buffer = 16', $fix->newLine());
    }

    public function testASmallAppFitsDebiansDefaults(): void
    {
        $ids = $this->ids($this->examine([], 100, 1 << 20));

        self::assertNotContains('interned-strings-undersized', $ids);
        self::assertNotContains('opcache-memory-undersized', $ids);
        self::assertNotContains('max-accelerated-files-undersized', $ids);
    }

    public function testUndersizedMemoryCountsTheInternedBufferInsideIt(): void
    {
        $finding = $this->finding('opcache-memory-undersized', $this->examine([], 4545, 40 << 20));

        // 40 MB of source: 112 MB compiled × 1.25 + 16 MB, plus the 32 MB interned buffer it needs, rounded up to 32.
        self::assertSame('opcache.memory_consumption = 192', $finding->fixes[0]->newLine());
        self::assertSame(7, $finding->fixes[0]->line);
    }

    public function testMaxAcceleratedFilesCountsOpcachesPrimeTable(): void
    {
        self::assertSame(16229, \Preheat\Php\OpcacheSizing::keySlots(10000));
        self::assertNotContains(
            'max-accelerated-files-undersized',
            $this->ids($this->examine([], 12000, 1 << 20)),
            '16229 slots hold 12000 files',
        );

        $finding = $this->finding('max-accelerated-files-undersized', $this->examine([], 14000, 1 << 20));
        self::assertSame('opcache.max_accelerated_files = 20000', $finding->fixes[0]->newLine());
    }

    public function testValidateTimestampsOnIsAWarningOffIsNothing(): void
    {
        $finding = $this->finding('validate-timestamps-on', $this->examine());
        self::assertSame('opcache.validate_timestamps = 0', $finding->fixes[0]->newLine());
        self::assertSame(Rung::OpcacheSizing, $finding->rung);

        self::assertNotContains(
            'validate-timestamps-on',
            $this->ids($this->examine(['opcache.validate_timestamps' => '0'])),
        );
    }

    public function testOpcacheOffIsAnError(): void
    {
        $finding = $this->finding('opcache-disabled', $this->examine(['opcache.enable' => '0']));

        self::assertSame(Severity::Error, $finding->severity);
        self::assertSame('opcache.enable = 1', $finding->fixes[0]->newLine());
    }

    /** As doc/deploying.md says: in a release layout, php.ini names the script through the `current` link. */
    public function testInAReleaseLayoutTheScriptIsNamedThroughTheCurrentLink(): void
    {
        $directory = new TemporaryDirectory();
        try {
            mkdir($directory->path.'/app/releases/3', 0755, true);
            symlink($directory->path.'/app/releases/3', $directory->path.'/app/current');
            $root = (string) realpath($directory->path.'/app/releases/3');
            $app = new AppProfile($root, 100, 1 << 20, 1 << 21, 1 << 19, false, new AutoloaderState(true, true, true), new PreloadState(PreloadStatus::None));

            $finding = $this->finding('preload-none', (new Doctor())->examine(DoctorFixtures::server('stock', []), $app));

            self::assertSame(\dirname($root, 2).'/current/preload.php', $finding->fixes[0]->value);
            self::assertSame(self::deployingPreloadPath(\dirname($root, 2)), $finding->fixes[0]->value, 'doc/deploying.md');
        } finally {
            $directory->remove();
        }
    }

    /** The opcache.preload doc/deploying.md's php.ini gives, for the app at $app instead of its $APP. */
    private static function deployingPreloadPath(string $app): string
    {
        $doc = (string) file_get_contents(\dirname(__DIR__, 3).'/doc/deploying.md');
        if (!preg_match('/^APP=(\S+)/m', $doc, $root) || !preg_match('/^```ini\nopcache\.preload=(\S+)\n/m', $doc, $preload)) {
            self::fail('doc/deploying.md sets APP=… and gives an ```ini block that starts with opcache.preload=…');
        }

        return str_replace($root[1], $app, $preload[1]);
    }

    public function testNoPreloadIsANoticeWithBothLinesToAdd(): void
    {
        $finding = $this->finding('preload-none', $this->examine());

        self::assertSame(Severity::Notice, $finding->severity);
        self::assertSame(Rung::PreloadHot, $finding->rung);
        self::assertSame(
            ['opcache.preload', 'opcache.preload_user'],
            array_map(static fn ($f) => $f->setting, $finding->fixes),
        );
        self::assertSame('www-data', $finding->fixes[1]->value, 'the pool\'s user');
    }

    public function testAMissingPreloadScriptIsAnError(): void
    {
        $report = $this->examine(
            ['opcache.preload' => '/gone/preload.php', 'opcache.preload_user' => 'www-data'],
            preload: new PreloadState(PreloadStatus::Missing, '/gone/preload.php', 'not there'),
        );
        $finding = $this->finding('preload-missing', $report);

        self::assertSame(Severity::Error, $finding->severity);
        self::assertSame(4, $report->exitCode());
    }

    public function testAStalePreloadIsAnError(): void
    {
        $finding = $this->finding(
            'preload-stale',
            $this->examine(
                ['opcache.preload_user' => 'www-data'],
                preload: new PreloadState(
                    PreloadStatus::Stale,
                    '/srv/preload.php',
                    'the code changed since the script was generated',
                ),
            ),
        );

        self::assertSame(Severity::Error, $finding->severity);
        self::assertStringContainsString('the code changed', $finding->title);
        self::assertStringContainsString('restart php-fpm', $finding->detail);
    }

    public function testAPreloadPhpDoesNotBootWithIsAnError(): void
    {
        $preload = (
            new PreloadState(PreloadStatus::Configured, '/srv/preload.php', '', 3, 1 << 20)
        )->measuredAt(1 << 20, 'Class "A" not found');
        $finding = $this->finding(
            'preload-fails-to-boot',
            $this->examine(['opcache.preload_user' => 'www-data'], preload: $preload),
        );

        self::assertSame(Severity::Error, $finding->severity);
        self::assertStringContainsString('PHP said: Class "A" not found.', $finding->detail);
    }

    public function testAPreloadOverMemoryNamesTheSizeThatFits(): void
    {
        $preload = new PreloadState(PreloadStatus::Configured, '/srv/preload.php', '', 3000, 150 << 20);
        $finding = $this->finding(
            'preload-over-memory',
            $this->examine(['opcache.preload_user' => 'www-data'], preload: $preload),
        );

        self::assertSame(Severity::Error, $finding->severity);
        self::assertSame(
            'opcache.memory_consumption = 224',
            $finding->fixes[0]->newLine(),
            '150 MB × 1.25 + 8 MB of interned strings, rounded up to 32',
        );
        self::assertNotContains(
            'preload-over-memory',
            $this->ids(
                $this->examine(
                    ['opcache.preload_user' => 'www-data'],
                    preload: new PreloadState(PreloadStatus::Configured, '/srv/preload.php', '', 30, 10 << 20),
                ),
            ),
        );
    }

    public function testPreloadWithoutAUserAsRootOnPhp82IsAnError(): void
    {
        $preload = new PreloadState(PreloadStatus::Configured, '/srv/preload.php');
        $finding = $this->finding(
            'preload-user-missing',
            $this->examine(['opcache.preload' => '/srv/preload.php'], preload: $preload),
        );
        self::assertSame('opcache.preload_user = www-data', $finding->fixes[0]->newLine());

        self::assertNotContains(
            'preload-user-missing',
            $this->ids($this->examine(['opcache.preload' => '/srv/preload.php'], preload: $preload, php: '8.3.4')),
        );
    }

    public function testPreloadInTheCliIniIsAnErrorNamingTheCliLine(): void
    {
        $report = (new Doctor())->examine(
            DoctorFixtures::server(cliPreload: '/srv/preload.php'),
            DoctorFixtures::app(),
        );
        $finding = $this->finding('cli-preload', $report);

        self::assertSame(Severity::Error, $finding->severity);
        self::assertSame(DoctorFixtures::dir('undersized').'/php.ini', $finding->fixes[0]->file);
        self::assertSame(11, $finding->fixes[0]->line);
        self::assertSame('opcache.preload = ', $finding->fixes[0]->newLine());
    }

    public function testWorkersOverRamAndTooManyForTheCores(): void
    {
        $report = (new Doctor())->examine(
            DoctorFixtures::server('undersized', memory: 16 << 30),
            DoctorFixtures::app(),
        );
        $ram = $this->finding('workers-over-ram', $report);
        self::assertSame(DoctorFixtures::dir('undersized').'/pool.d/www.conf', $ram->fixes[0]->file);
        self::assertSame(7, $ram->fixes[0]->line);
        self::assertSame('pm.max_children = 12', $ram->fixes[0]->newLine(), '80% of 16 GB at the pool\'s 1G limit');
        self::assertStringContainsString('100000 workers × memory_limit 1G', $ram->title);

        $many = $this->finding('workers-too-many', $report);
        self::assertSame('pm.max_children = 8', $many->fixes[0]->newLine());
    }

    public function testFewerWorkersThanCores(): void
    {
        $report = (new Doctor())->examine(DoctorFixtures::server(cores: 8), DoctorFixtures::app());

        self::assertSame('pm.max_children = 16', $this->finding('workers-too-few', $report)->fixes[0]->newLine());
        self::assertNotContains('workers-too-few', $this->ids($this->examine()), '5 workers on 2 cores');
    }

    public function testJitOnlyWhenItHasABuffer(): void
    {
        self::assertNotContains('jit-on', $this->ids($this->examine()), 'tracing without a buffer is off');
        $finding = $this->finding('jit-on', $this->examine(['opcache.jit_buffer_size' => '64M']));
        self::assertSame('opcache.jit_buffer_size = 0', $finding->fixes[0]->newLine());
        self::assertSame(Rung::Ceiling, $finding->rung);
    }

    public function testAutoloaderStates(): void
    {
        $plain = $this->finding(
            'autoloader-not-optimised',
            $this->examine(autoloader: AutoloaderState::inspect(DoctorFixtures::dir('apps/plain').'/vendor')),
        );
        self::assertSame(Severity::Warning, $plain->severity);
        self::assertSame(Rung::Autoloader, $plain->rung);

        $optimised = AutoloaderState::inspect(DoctorFixtures::dir('apps/optimised').'/vendor');
        self::assertTrue($optimised->optimised);
        self::assertTrue($optimised->authoritative);
        self::assertSame(
            [],
            array_filter(
                $this->ids($this->examine(autoloader: $optimised)),
                static fn (string $id): bool => str_starts_with($id, 'autoloader'),
            ),
        );

        self::assertContains(
            'autoloader-not-composer',
            $this->ids($this->examine(autoloader: AutoloaderState::inspect(null))),
        );
    }

    public function testAClassmapIsNotAdvisedAuthoritativeToAnAppThatRegistersNamespacesAtRunTime(): void
    {
        $registers = [new RuntimeRegistration('/srv/cms/core/Kernel.php', 42, '…->classLoader->addPsr4()')];
        $plain = AutoloaderState::inspect(DoctorFixtures::dir('apps/plain').'/vendor');

        $advised = $this->finding('autoloader-not-optimised', $this->examine(autoloader: $plain));
        self::assertSame(
            ['config.optimize-autoloader', 'config.classmap-authoritative'],
            array_map(static fn ($fix): string => $fix->setting, $advised->fixes),
        );

        $finding = $this->finding(
            'autoloader-not-optimised',
            $this->examine(autoloader: $plain->withRuntimeRegistrations($registers)),
        );
        self::assertSame(['config.optimize-autoloader'], array_map(static fn ($fix): string => $fix->setting, $finding->fixes));
        self::assertStringContainsString('/srv/cms/core/Kernel.php:42', $finding->detail);
        self::assertStringNotContainsString('--optimize --classmap-authoritative', $finding->detail);

        $optimised = new AutoloaderState(true, true, false, runtimeRegistrations: $registers);
        self::assertNotContains('autoloader-not-authoritative', $this->ids($this->examine(autoloader: $optimised)));

        $authoritative = $this->finding(
            'autoloader-authoritative-runtime-registration',
            $this->examine(autoloader: new AutoloaderState(true, true, true, runtimeRegistrations: $registers)),
        );
        self::assertSame(Severity::Warning, $authoritative->severity);
        self::assertSame('false', $authoritative->fixes[0]->value);
        self::assertStringContainsString('…->classLoader->addPsr4() at /srv/cms/core/Kernel.php:42', $authoritative->detail);
    }

    public function testKnownPreloadBugsByVersionAndExtension(): void
    {
        $bug = new KnownPreloadBug('php-src#1', 'x', '8.1.0', '8.2.5');
        self::assertFalse($bug->affects('8.0.30'));
        self::assertTrue($bug->affects('8.2.4'));
        self::assertFalse($bug->affects('8.2.5'));

        $preloading = new PreloadState(PreloadStatus::Configured, '/srv/preload.php');
        $ids = $this->ids($this->examine(['opcache.preload_user' => 'www-data'], preload: $preloading));
        self::assertContains('known-bug-10131', $ids);
        self::assertNotContains('known-bug-17715', $ids, 'no extension observes calls');
        $observed = static fn (string $php): DoctorReport => (new Doctor())->examine(
            DoctorFixtures::server(
                settings: ['opcache.preload_user' => 'www-data'],
                php: $php,
                extensions: ['zend opcache', 'ddtrace'],
            ),
            DoctorFixtures::app(preload: $preloading),
        );
        self::assertSame(Severity::Warning, $this->finding('known-bug-17715', $observed('8.4.3'))->severity);
        self::assertContains('known-bug-23103', $this->ids($observed('8.4.3')));
        self::assertNotContains('known-bug-17715', $this->ids($observed('8.4.5')), 'fixed');
        self::assertContains('known-bug-23103', $this->ids($observed('8.5.1')), 'open');
        self::assertNotContains('known-bug-23103', $this->ids($observed('8.2.30')), 'enums of 8.2 are not affected');
        self::assertNotContains('known-bug-10131', $this->ids($this->examine(php: '7.3.33')));
    }

    public function testFindingsWorstFirstAndTheExitCodeFollowsTheWorst(): void
    {
        $report = (new Doctor())->examine(
            DoctorFixtures::server(
                'undersized',
                settings: ['opcache.memory_consumption' => '16', 'opcache.interned_strings_buffer' => '4'],
            ),
            DoctorFixtures::app(preload: new PreloadState(PreloadStatus::Missing, '/gone.php')),
        );
        $ranks = array_map(static fn (Finding $f): int => $f->severity->rank(), $report->findings);
        $sorted = $ranks;
        rsort($sorted);
        self::assertSame($sorted, $ranks);
        self::assertSame(4, $report->exitCode());

        $warnings = $this->examine();
        self::assertSame(Severity::Warning, $warnings->worst());
        self::assertSame(1, $warnings->exitCode());

        $clean = $this->examine(
            [
                'opcache.validate_timestamps' => '0',
                'opcache.preload' => '/srv/preload.php',
                'opcache.preload_user' => 'www-data',
            ],
            preload: new PreloadState(PreloadStatus::Configured, '/srv/preload.php'),
            php: '7.3.0',
        );
        self::assertSame(0, $clean->exitCode(), implode(', ', $this->ids($clean)));
    }

    /** @param array<string, string> $settings */
    private function examine(
        array $settings = [],
        int $files = 100,
        int $bytes = 1 << 20,
        ?PreloadState $preload = null,
        ?AutoloaderState $autoloader = null,
        string $php = '8.2.30',
    ): DoctorReport {
        return (new Doctor())->examine(
            DoctorFixtures::server('stock', $settings, $php),
            DoctorFixtures::app($files, $bytes, $preload, $autoloader),
        );
    }

    /** Files of the app the pool's user cannot read: an error whatever the preload (here none), with the one fix. */
    public function testFilesOfTheAppThePoolUserCannotReadAreAnErrorWithTheFix(): void
    {
        $app = DoctorFixtures::app();
        $unreadable = new UnreadableFiles([], ['/srv/app/vendor/ralouphie/getallheaders/src/getallheaders.php' => 'owner root, group root, mode 0600'], 40, 40);
        $report = (new Doctor())->examine(
            DoctorFixtures::server('stock'),
            new AppProfile($app->root, $app->files, $app->sourceBytes, $app->opcacheBytes, $app->internedBytes, false, $app->autoloader, $app->preload, $unreadable),
        );
        $finding = $this->finding('pool-user-cannot-read-app', $report);

        self::assertSame(Severity::Error, $finding->severity);
        self::assertStringContainsString('getallheaders.php', $finding->detail);
        self::assertStringEndsWith('Fix: chmod -R a+rX /srv/app/vendor/ralouphie/getallheaders/src.', $finding->detail);
        self::assertNotContains('pool-user-cannot-read-app', $this->ids($this->examine()), 'none when all can be read');
    }

    /** @return list<string> */
    private function ids(DoctorReport $report): array
    {
        return array_map(static fn (Finding $f): string => $f->id, $report->findings);
    }

    private function finding(string $id, DoctorReport $report): Finding
    {
        foreach ($report->findings as $finding) {
            if ($finding->id === $id) {
                return $finding;
            }
        }
        self::fail(\sprintf('no finding %s among %s', $id, implode(', ', $this->ids($report))));
    }
}
