<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\TestCase;
use Preheat\Php\FastCgi\FastCgiAddress;
use Preheat\Php\FastCgi\FastCgiError;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\EvidenceFinder;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\Fpm\FpmHits;
use Preheat\Usage\UsageBatch;
use Preheat\Usage\UsageStoreError;

final class EvidenceFinderTest extends TestCase
{
    private TemporaryDirectory $directory;
    /** @var list<string> */
    private array $notes = [];
    /** @var list<string> the addresses the finder asked */
    private array $asked = [];

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        mkdir($this->directory->path.'/app');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testAStoreTheUserNamesComesFirst(): void
    {
        $store = $this->store('given.log', ['/app/a.php' => 3]);

        $evidence = $this->finder()->find($store, null, FastCgiAddress::parse('127.0.0.1:9000', 'x'), ['127.0.0.1:9001'], $this->app());

        self::assertNotNull($evidence);
        self::assertSame('the usage store '.$store, $evidence->source);
        self::assertFalse($evidence->hitCounts);
        self::assertSame([], $this->asked, 'php-fpm is not asked when a store is given');
    }

    public function testTheStorePreheatJsonNamesComesBeforePhpFpm(): void
    {
        $this->store('app/usage.log', ['/app/a.php' => 2]);

        $evidence = $this->finder()->find(null, 'usage.log', null, ['127.0.0.1:9001'], $this->app());

        self::assertNotNull($evidence);
        self::assertSame('the usage store usage.log (preheat.json)', $evidence->source);
        self::assertSame([], $this->asked);
    }

    public function testAnEmptyConfiguredStoreIsSkippedForTheHitCountsOfAPoolFound(): void
    {
        touch($this->app().'/usage.log');

        $evidence = $this->finder()->find(null, 'usage.log', null, ['/run/gone.sock', '127.0.0.1:9001'], $this->app());

        self::assertNotNull($evidence);
        self::assertTrue($evidence->hitCounts);
        self::assertSame("php-fpm's hit counts at 127.0.0.1:9001", $evidence->source);
        self::assertSame([$this->app().'/public/index.php' => 11], $evidence->usage->fileCounts, 'the app\'s scripts only');
        self::assertSame(['/run/gone.sock', '127.0.0.1:9001'], $this->asked);
        self::assertCount(2, $this->notes);
        self::assertStringStartsWith('Not using the usage store preheat.json names:', $this->notes[0]);
        self::assertSame('Not using php-fpm\'s hit counts at /run/gone.sock: cannot connect (No such file or directory)', $this->notes[1]);
    }

    public function testNothingFoundIsEveryFileAndAPoolThatCountedNothingOfTheAppIsSaidSo(): void
    {
        $evidence = $this->finder(['/elsewhere/index.php' => [5, 0]])->find(null, null, null, ['127.0.0.1:9001'], $this->app());

        self::assertNull($evidence);
        self::assertCount(1, $this->notes);
        self::assertStringContainsString('has counted no file of '.$this->app(), $this->notes[0]);
    }

    /** A deploy plans releases/2 while php-fpm serves releases/1: the same app's counts, moved to releases/2. */
    public function testTheCountsOfTheReleasePhpFpmServesBesideItAreThisReleasesOwn(): void
    {
        $releases = $this->directory->path.'/releases';
        foreach (['1', '2'] as $release) {
            foreach (['public/index.php', 'src/Kernel.php', 'src/Old.php'] as $file) {
                if ('2' === $release && 'src/Old.php' === $file) {
                    continue;
                }
                @mkdir(\dirname($releases.'/'.$release.'/'.$file), 0755, true);
                file_put_contents($releases.'/'.$release.'/'.$file, '<?php');
            }
        }
        $served = (string) realpath($releases.'/1');
        $planned = (string) realpath($releases.'/2');
        $finder = $this->finder([
            $served.'/public/index.php' => [40, 0],
            $served.'/src/Kernel.php' => [39, 0],
            $served.'/src/Old.php' => [3, 0],
            '/other/index.php' => [50, 0],
            $served.'/../../../../../../../../etc/hostname' => [50, 0],
        ], $planned);

        $evidence = $finder->find(null, null, FastCgiAddress::parse('127.0.0.1:9001', 'x'), [], $planned);

        self::assertNotNull($evidence);
        self::assertStringContainsString('of '.$served.', the release it serves (3 counted scripts', $evidence->source);
        self::assertSame(
            [$planned.'/public/index.php' => 41, $planned.'/src/Kernel.php' => 40],
            $evidence->usage->fileCounts,
            'the files of releases/2, counted as in releases/1; a file gone since is not',
        );
    }

    /** php-fpm counted the scripts by the `current` link's path: the link beside the releases is a release too. */
    public function testCountsTakenThroughTheCurrentLinkAreTheServedReleases(): void
    {
        $app = $this->directory->path.'/site';
        mkdir($app.'/releases/7/public', 0755, true);
        file_put_contents($app.'/releases/7/public/index.php', '<?php');
        symlink($app.'/releases/6', $app.'/current');
        $planned = (string) realpath($app.'/releases/7');
        $finder = $this->finder([$app.'/current/public/index.php' => [9, 0]], $planned);

        $evidence = $finder->find(null, null, FastCgiAddress::parse('127.0.0.1:9001', 'x'), [], $planned);

        self::assertNotNull($evidence);
        self::assertStringContainsString('of '.$app.'/current, the release it serves', $evidence->source);
        self::assertSame([$planned.'/public/index.php' => 10], $evidence->usage->fileCounts);
    }

    /** Another app beside this one is not a release of it: most of its scripts have no twin here. */
    public function testADirectoryBesideThatIsAnotherAppIsNotTakenForARelease(): void
    {
        mkdir($this->directory->path.'/shop/public', 0755, true);
        file_put_contents($this->directory->path.'/shop/public/index.php', '<?php');
        mkdir($this->app().'/public', 0755, true);
        file_put_contents($this->app().'/public/index.php', '<?php');
        $shop = (string) realpath($this->directory->path.'/shop');

        $this->expectException(UsageStoreError::class);
        $this->expectExceptionMessage('has counted no file of');
        $this->finder([$shop.'/public/index.php' => [5, 0], $shop.'/src/Cart.php' => [5, 0], $shop.'/src/Order.php' => [5, 0]])
            ->find(null, null, FastCgiAddress::parse('127.0.0.1:9001', 'x'), [], $this->app());
    }

    public function testAPoolTheUserNamesMustAnswer(): void
    {
        $this->expectException(FastCgiError::class);

        $this->finder()->find(null, null, FastCgiAddress::parse('/run/gone.sock', 'x'), [], $this->app());
    }

    public function testAPoolTheUserNamesMustHaveCountedTheApp(): void
    {
        $this->expectException(UsageStoreError::class);
        $this->expectExceptionMessage('has counted no file of');

        $this->finder([])->find(null, null, FastCgiAddress::parse('127.0.0.1:9001', 'x'), [], $this->app());
    }

    private function app(): string
    {
        return (string) realpath($this->directory->path.'/app');
    }

    /** @param non-empty-array<string, int> $counts */
    private function store(string $name, array $counts): string
    {
        $path = $this->directory->path.'/'.$name;
        (new FileUsageStore($path))->append(new UsageBatch(max($counts), $counts, 10, 20, 'web1'));

        return $path;
    }

    /** @param array<string, array{int, int}>|null $scripts what every pool counted (default: the app's front controller and another app's) */
    private function finder(?array $scripts = null, ?string $probedIn = null): EvidenceFinder
    {
        $scripts ??= [$this->app().'/public/index.php' => [10, 0], '/other/index.php' => [50, 0]];

        return new EvidenceFinder(
            function (string $note): void {
                $this->notes[] = $note;
            },
            function (FastCgiAddress $address, string $directory, float $timeout) use ($scripts, $probedIn): FpmHits {
                $this->asked[] = $address->address;
                self::assertSame($probedIn ?? $this->app(), $directory, 'the probe goes into the project');
                if (str_contains($address->address, 'gone')) {
                    throw FastCgiError::cannotConnect($address->address, 'No such file or directory');
                }

                return new FpmHits('php-fpm at '.$address->address, true, 1, 0, $scripts, 2);
            },
        );
    }
}
