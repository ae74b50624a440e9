<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Plan\PlanRequest;
use Preheat\Progress\ProgressEvent;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\StageEvent;
use Preheat\Tests\Support\FakeProcessRunner;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\EvidenceSearch;

/**
 * The default's search for what traffic loads: the php-fpm pools beside the PHP's ini are asked for their hit
 * counts (the last `listen =` of each, a bare port on loopback), and what was passed over is said.
 */
final class EvidenceSearchTest extends TestCase
{
    private TemporaryDirectory $directory;

    /** @var list<string> */
    private array $lines = [];

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-evidence-');
        mkdir($this->directory->path.'/app');
        mkdir($this->directory->path.'/etc');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testWithNoPoolFileNoPoolIsFound(): void
    {
        self::assertSame([], $this->search()->listenAddresses('php', null));
        self::assertNull($this->search()->find(null, null, null, $this->request(), []));
        self::assertSame([], $this->lines);
    }

    public function testThePoolsFoundBesideTheIniAreAskedAtTheirLastListenAddress(): void
    {
        // Port 1 on loopback: nothing listens there, so the pool has no hit counts to give.
        file_put_contents(
            $this->directory->path.'/etc/php-fpm.conf',
            "[www]\nlisten = /run/elsewhere.sock\nlisten = 1\n",
        );

        $found = $this->search()->listenAddresses('php', null);

        self::assertSame(['127.0.0.1:1'], $found);
        self::assertNull($this->search()->find(null, null, null, $this->request(), $found));
        self::assertCount(1, $this->lines, implode("\n", $this->lines));
        self::assertStringContainsString('Not using php-fpm\'s hit counts at 127.0.0.1:1:', $this->lines[0]);
    }

    public function testTheDirectoriesOutsideTheProjectAreCounted(): void
    {
        mkdir($this->directory->path.'/app/src');
        $request = new PlanRequest(
            $this->directory->path.'/app',
            ['src', '../etc', $this->directory->path.'/missing'],
        );

        self::assertSame([realpath($this->directory->path.'/etc')], EvidenceSearch::outsideDirectories($request));
    }

    private function search(): EvidenceSearch
    {
        $lines = &$this->lines;
        $say = static function (string $line) use (&$lines): void {
            $lines[] = $line;
        };
        $progress = new class($say) implements ProgressLogger {
            /** @param \Closure(string): void $say */
            public function __construct(private readonly \Closure $say)
            {
            }

            public function stage(string|StageEvent $stage): void
            {
            }

            public function advance(int $done, int $total): void
            {
            }

            public function finish(string|ProgressEvent $summary): void
            {
                ($this->say)($summary instanceof ProgressEvent ? $summary->summary() : $summary);
            }
        };
        $php = new PhpInstallation('php', '/bin/true', new PhpSettings($this->directory->path.'/etc/php.ini', 'test'));

        return new EvidenceSearch($progress, new FakeProcessRunner(), $php);
    }

    private function request(): PlanRequest
    {
        return new PlanRequest($this->directory->path.'/app');
    }
}
