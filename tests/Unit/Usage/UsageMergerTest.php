<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\UsageBatch;
use Preheat\Usage\UsageMerger;
use Preheat\Usage\UsageStoreError;

final class UsageMergerTest extends TestCase
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

    public function testMergeWritesOneBatchPerSourceIntoTheTarget(): void
    {
        $web1 = new FileUsageStore($this->directory->path.'/web1.log');
        $web1->append(new UsageBatch(2, ['/a.php' => 2], 100, 200, 'web1'));
        $web1->append(new UsageBatch(1, ['/b.php' => 1], 300, 400, 'web1'));
        $web2 = new FileUsageStore($this->directory->path.'/web2.log');
        $web2->append(new UsageBatch(5, ['/a.php' => 5, '/c.php' => 1], 50, 250, 'web2', 3));
        $empty = new FileUsageStore($this->directory->path.'/empty.log');
        touch($empty->path);
        $target = new FileUsageStore($this->directory->path.'/all.log');

        $merged = (new UsageMerger())->merge([$web1, $web2, $empty], $target);
        $all = $target->read();

        self::assertSame(8, $merged->requests);
        self::assertSame(8, $all->requests);
        self::assertSame(['/a.php' => 7, '/b.php' => 1, '/c.php' => 1], $all->fileCounts);
        self::assertSame([50, 400], [$all->from, $all->to]);
        self::assertSame(['web1', 'web2'], $all->servers);
        self::assertSame(2, $all->reading->batches, 'one per non-empty source');
        self::assertSame(3, $all->reading->droppedRequests);
    }

    public function testCombineAddsUpWithoutWriting(): void
    {
        $a = new FileUsageStore($this->directory->path.'/a.log');
        $a->append(new UsageBatch(1, ['/a.php' => 1], 10, 10, 'x'));
        $b = new FileUsageStore($this->directory->path.'/b.log');
        $b->append(new UsageBatch(2, ['/a.php' => 2], 20, 20, 'y'));

        $sum = (new UsageMerger())->combine([$a, $b]);

        self::assertSame(
            [3, ['/a.php' => 3], ['x', 'y'], 2],
            [$sum->requests, $sum->fileCounts, $sum->servers, $sum->reading->batches],
        );
    }

    public function testMergingAStoreIntoItselfIsRefused(): void
    {
        $a = new FileUsageStore($this->directory->path.'/a.log');

        $this->expectException(UsageStoreError::class);
        $this->expectExceptionMessage('is also one of the stores merged');
        (new UsageMerger())->merge([$a], new FileUsageStore($a->path));
    }
}
