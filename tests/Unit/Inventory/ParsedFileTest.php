<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * What a parse hands back: the analysis at the file's own path, and the one at its template only for a file
 * whose analysis depends on its path.
 */
final class ParsedFileTest extends TestCase
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

    public function testAFileNamingItsDirectoryHasBothAnalysesAndTheOwnPathOneIsAsAPlainAnalysisGivesIt(): void
    {
        $path = $this->write('boot.php', "<?php\ndefine('ROOT', __DIR__);\n");

        $parsed = (new FileAnalyzer())->analyzeForReuse($path);

        self::assertNotNull($parsed->templated);
        self::assertSame($parsed->templated, $parsed->forContentIndex());
        self::assertSame((new FileAnalyzer())->analyze($path)->toArray(), $parsed->inventory->toArray());
        self::assertSame([['s', \dirname($path)]], $parsed->inventory->includes->constants['ROOT'][0]);
        self::assertStringNotContainsString(\dirname($path), serialize($parsed->templated->includes->constants));
    }

    public function testAFileThatNamesNoPathHasOneAnalysis(): void
    {
        $path = $this->write('plain.php', "<?php\nfinal class Plain {}\ndefine('T', \"\\0preheat-segment-0\\0\");\n");

        $parsed = (new FileAnalyzer())->analyzeForReuse($path);

        self::assertNull($parsed->templated);
        self::assertSame($parsed->inventory, $parsed->forContentIndex());
        self::assertSame([['s', "\0preheat-segment-0\0"]], $parsed->inventory->includes->constants['T'][0]);
    }

    public function testWhatAWorkerHandsBackReadsAsItWasWritten(): void
    {
        $analyzer = new FileAnalyzer();
        foreach ([$this->write('a.php', "<?php\nrequire __DIR__.'/b.php';\n"), $this->write('c.php', '<?php ')] as $path) {
            $parsed = $analyzer->analyzeForReuse($path);

            $read = $parsed::fromArrays(unserialize(serialize($parsed->toArrays())));

            self::assertEquals($parsed, $read);
        }
    }

    private function write(string $name, string $code): string
    {
        $path = (string) realpath($this->directory->path).'/src/'.$name;
        @mkdir(\dirname($path), 0o777, true);
        file_put_contents($path, $code);

        return $path;
    }
}
