<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\TestCase;
use Preheat\Note;
use Preheat\Setting;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\EmptyStoreDiagnosis;
use Preheat\Usage\RecorderInstaller;

/**
 * `preheat usage` on an empty store says what to check: the bootstrap, auto_prepend_file, the pool's user, sampling.
 */
final class EmptyStoreDiagnosisTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $project;
    private string $fpm;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0o755);
        $this->project = $this->directory->path.'/app';
        $this->fpm = $this->directory->path.'/etc/php/8.2/fpm';
        mkdir($this->project);
        mkdir($this->fpm.'/pool.d', 0o777, true);
        file_put_contents($this->fpm.'/php.ini', "[PHP]\nauto_prepend_file =\n");
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testNoRecorderInstalled(): void
    {
        $checks = $this->explain($this->project.'/preheat-usage.log', 'nobody');

        self::assertSame(\sprintf(
            'No auto_prepend_file in php-fpm\'s configuration (%s) loads a recorder bootstrap: '
            .'run `preheat record --install` and add the auto_prepend_file line it prints, then reload php-fpm.',
            $this->fpm,
        ), $checks[0]);
        self::assertStringStartsWith(
            'The recorder samples 1 request in 10, and each php-fpm worker writes once it has 50 sampled requests',
            $checks[\count($checks) - 1],
        );
    }

    public function testABootstrapThatIsNotInAutoPrependFile(): void
    {
        $this->install('preheat-usage.log', 10, 50);

        $checks = $this->explain($this->project.'/preheat-usage.log', 'nobody');

        self::assertStringContainsString(
            'loads a recorder bootstrap: add auto_prepend_file='.$this->project.'/preheat-recorder.php to its php.ini',
            $checks[0],
        );
        self::assertSame(
            'It records 1 request in 10, and each php-fpm worker writes once it has 50 sampled requests '
            .'(about 500 requests to that worker) or, at its next sampled request, 60 s after its first: '
            .'give it that much traffic, or time.',
            $checks[\count($checks) - 1],
        );
    }

    public function testAPoolThatPrependsAnotherFileIsToldToRequireTheBootstrapThere(): void
    {
        $this->install('preheat-usage.log', 10, 50);
        file_put_contents($this->fpm.'/pool.d/www.conf', "[www]\nphp_admin_value[auto_prepend_file] = /srv/app/prepend.php\n");

        $checks = $this->explain($this->project.'/preheat-usage.log', 'nobody');

        self::assertSame(\sprintf(
            'php-fpm prepends /srv/app/prepend.php (%s/pool.d/www.conf:2), not a recorder bootstrap, and PHP prepends '
            .'one file only: add `require \'%s/preheat-recorder.php\';` at the top of /srv/app/prepend.php (an '
            .'auto_prepend_file line for the bootstrap would replace it), then reload php-fpm.',
            $this->fpm,
            $this->project,
        ), $checks[0]);
    }

    public function testTheBootstrapInAutoPrependFileAndWhereItRecords(): void
    {
        $this->install('other.log', 4, 25);
        file_put_contents(
            $this->fpm.'/pool.d/www.conf',
            "[www]\nuser = www-data\n\nphp_admin_value[auto_prepend_file] = ".$this->project."/preheat-recorder.php\n",
        );

        $elsewhere = $this->explain($this->project.'/preheat-usage.log', 'nobody');
        self::assertSame(\sprintf(
            'php-fpm prepends %1$s/preheat-recorder.php (%2$s/pool.d/www.conf:4), which records into %1$s/other.log, '
            .'not into %1$s/preheat-usage.log: read that one.',
            $this->project,
            $this->fpm,
        ), $elsewhere[0]);
        self::assertSame(
            Setting::Store,
            $this->notes($this->project.'/preheat-usage.log', 'nobody')[0]->setting,
            'the console names the option that reads another store',
        );

        $here = $this->explain($this->project.'/other.log', 'nobody');
        self::assertSame(\sprintf(
            'php-fpm prepends %1$s/preheat-recorder.php (%2$s/pool.d/www.conf:4), which records into this store: '
            .'if that line is new, reload php-fpm.',
            $this->project,
            $this->fpm,
        ), $here[0]);
        self::assertStringStartsWith(
            'It records 1 request in 4, and each php-fpm worker writes once it has 25 sampled requests '
            .'(about 100 requests',
            $here[\count($here) - 1],
        );
    }

    public function testAStoreThePoolUserCannotWrite(): void
    {
        $checks = $this->explain($this->project.'/preheat-usage.log', 'nobody');
        self::assertContains(\sprintf(
            'The pool\'s user: nobody cannot create the store %1$s/preheat-usage.log: it may not write to %1$s '
            .'(owner %2$s, group %3$s, mode 0755); nothing is recorded. '
            .'Fix: touch %1$s/preheat-usage.log && chown nobody %1$s/preheat-usage.log',
            $this->project,
            (posix_getpwuid(posix_geteuid()) ?: ['name' => ''])['name'],
            (posix_getgrgid(posix_getegid()) ?: ['name' => ''])['name'],
        ), $checks);

        $missing = $this->explain($this->project.'/preheat-usage.log', 'no-such-user-here');
        self::assertContains(
            'There is no user "no-such-user-here" here to check the store against: '
            .'name the user of your php-fpm pool (its `user =`).',
            $missing,
        );
        $settings = array_map(
            static fn (Note $check): ?Setting => $check->setting,
            $this->notes($this->project.'/preheat-usage.log', 'no-such-user-here'),
        );
        self::assertContains(Setting::PoolUser, $settings);
    }

    /** @return list<string> */
    private function explain(string $store, string $poolUser): array
    {
        return array_map(static fn (Note $check): string => $check->message, $this->notes($store, $poolUser));
    }

    /** @return list<Note> */
    private function notes(string $store, string $poolUser): array
    {
        return (new EmptyStoreDiagnosis([$this->fpm]))->explain($store, $store, $this->project, $poolUser);
    }

    private function install(string $store, int $sample, int $batch): void
    {
        $installer = new RecorderInstaller();
        $installer->install($installer->settings($this->project, null, $store, $sample, $batch, 60, []));
    }
}
