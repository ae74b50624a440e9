<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\FileInventory;
use Preheat\Inventory\ParallelAnalysis;
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
        $inProcess = $this->entries((new ParallelAnalysis(new FileAnalyzer(), 1))->analyze($paths));

        $forked = $this->entries((new ParallelAnalysis(new FileAnalyzer(), 2))->analyze($paths));

        self::assertCount(320, $inProcess);
        self::assertSame($inProcess, $forked);
        self::assertSame($leftBefore, glob(sys_get_temp_dir().'/preheat-scan-*') ?: [], 'no temporary file left');
    }

    /**
     * @param array<string, FileInventory> $inventories
     *
     * @return array<string, array<string, mixed>>
     */
    private function entries(array $inventories): array
    {
        $entries = array_map(static fn (FileInventory $i): array => $i->toArray(), $inventories);
        ksort($entries);

        return $entries;
    }
}
