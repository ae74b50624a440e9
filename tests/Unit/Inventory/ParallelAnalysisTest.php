<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\JitWorkerCommand;
use Preheat\Inventory\ParallelAnalysis;
use Preheat\Inventory\ParsedFile;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * The forked workers read every file as parsing in-process does, at its path template too: the same
 * analyses, in the same shape, for every file.
 */
final class ParallelAnalysisTest extends TestCase
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

    public function testWorkersAnalyseAsInProcess(): void
    {
        $paths = [];
        for ($i = 0; $i < 320; ++$i) {
            $path = $this->directory->path.'/src/f'.$i.'.php';
            @mkdir(\dirname($path), 0o777, true);
            file_put_contents($path, match ($i % 4) {
                0 => "<?php\nnamespace App;\nfinal class C$i extends Base implements \\Countable {\n"
                    ."    public function count(): int { return $i; }\n}\n",
                1 => "<?php\nif (!class_exists('X$i')) { require __DIR__.'/../lib/x$i.php'; }\n"
                    ."define('D$i', __FILE__);\n",
                2 => "<?php\nfunction f$i(int \$a): string { return (string) \$a; }\n",
                default => "<?php\nclass Broken$i {\n",
            });
            $paths[] = $path;
        }
        $leftBefore = glob(sys_get_temp_dir().'/preheat-scan-*') ?: [];
        $inProcess = $this->entries((new ParallelAnalysis(new FileAnalyzer(), 1))->analyze($paths)->files);

        $forked = $this->entries((new ParallelAnalysis(new FileAnalyzer(), 2, false))->analyze($paths)->files);

        self::assertCount(320, $inProcess);
        self::assertSame($inProcess, $forked);
        self::assertSame($leftBefore, glob(sys_get_temp_dir().'/preheat-scan-*') ?: [], 'no temporary file left');
    }

    public function testAFewLargeFilesAreSharedOutAsManySmallOnesAre(): void
    {
        // A new release re-parses only the files its path shows in: a few, sometimes the largest of the tree.
        $paths = [];
        for ($i = 0; $i < 6; ++$i) {
            $path = $this->directory->path.'/big/f'.$i.'.php';
            @mkdir(\dirname($path), 0o777, true);
            $methods = '';
            for ($m = 0; $m < 900; ++$m) {
                $methods .= "    public function m$m(int \$a): int { return \$a + $m; }\n";
            }
            file_put_contents($path, "<?php\nnamespace Big;\nfinal class C$i {\n$methods}\ndefine('F$i', __FILE__);\n");
            $paths[] = $path;
        }
        $leftBefore = glob(sys_get_temp_dir().'/preheat-scan-*') ?: [];

        $inProcess = $this->entries((new ParallelAnalysis(new FileAnalyzer(), 1))->analyze($paths)->files);
        $forked = $this->entries((new ParallelAnalysis(new FileAnalyzer(), 2, false))->analyze($paths)->files);

        self::assertGreaterThan(256 * 1024, array_sum(array_map('filesize', $paths)));
        self::assertCount(6, $forked);
        self::assertSame($inProcess, $forked);
        self::assertSame($leftBefore, glob(sys_get_temp_dir().'/preheat-scan-*') ?: [], 'no temporary file left');
    }

    public function testALargeParseRunsInWorkersUnderTheJitAndReadsAsInProcess(): void
    {
        if (null === JitWorkerCommand::forThisProcess()) {
            self::markTestSkipped('this PHP has no OPcache JIT to start workers under (or PREHEAT_JIT=0)');
        }
        $paths = $this->manyFiles(1000);
        $leftBefore = glob(sys_get_temp_dir().'/preheat-scan-*') ?: [];

        $jit = (new ParallelAnalysis(new FileAnalyzer(), 2))->analyze($paths);

        self::assertSame(2, $jit->jitWorkers);
        self::assertSame($this->entries((new ParallelAnalysis(new FileAnalyzer(), 1))->analyze($paths)->files), $this->entries($jit->files));
        self::assertSame($leftBefore, glob(sys_get_temp_dir().'/preheat-scan-*') ?: [], 'no temporary file left');
    }

    public function testWorkersThatCannotRunTheirShareLeaveItToTheParse(): void
    {
        $paths = $this->manyFiles(1000);
        $leftBefore = glob(sys_get_temp_dir().'/preheat-scan-*') ?: [];

        // A PHP that exits at once without a result (a refused setting, out of memory before the first file).
        $parsed = (new ParallelAnalysis(new FileAnalyzer(), 2, new JitWorkerCommand('/bin/false', [], '/none')))
            ->analyze($paths);

        self::assertSame(0, $parsed->jitWorkers);
        self::assertSame($this->entries((new ParallelAnalysis(new FileAnalyzer(), 1))->analyze($paths)->files), $this->entries($parsed->files));
        self::assertSame($leftBefore, glob(sys_get_temp_dir().'/preheat-scan-*') ?: [], 'no temporary file left');
    }

    /** @return list<string> */
    private function manyFiles(int $count): array
    {
        $paths = [];
        for ($i = 0; $i < $count; ++$i) {
            $path = $this->directory->path.'/many/f'.$i.'.php';
            @mkdir(\dirname($path), 0o777, true);
            file_put_contents($path, 0 === $i % 2
                ? "<?php\nnamespace App;\nfinal class C$i extends Base { public function f(?int \$a): static { return \$this; } }\n"
                : "<?php\nif (!function_exists('f$i')) { require __DIR__.'/x$i.php'; }\ndefine('D$i', __FILE__);\n");
            $paths[] = $path;
        }

        return $paths;
    }

    /**
     * @param array<string, ParsedFile> $parsed
     *
     * @return array<string, array{0: array<string, mixed>, 1: array<string, mixed>|null}>
     */
    private function entries(array $parsed): array
    {
        $entries = array_map(static fn (ParsedFile $p): array => $p->toArrays(), $parsed);
        ksort($entries);

        return $entries;
    }
}
