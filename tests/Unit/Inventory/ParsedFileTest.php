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

    public function testAnalysesReadBackShareTheirTypesAritiesAndParameters(): void
    {
        // Each file's analysis is read back apart (from a worker, the parse cache): 30,000 files held 450,000 types
        // of a few hundred kinds, each its own object and arrays, some 340 MB beside the rest.
        $analyzer = new FileAnalyzer();
        $read = [];
        foreach (['A', 'B'] as $name) {
            $path = $this->write($name.'.php', "<?php\nabstract class $name\n{\n    public ?int \$count = null;\n\n"
                ."    abstract public function run(int \$times, string ...\$words): ?int;\n}\n");
            $read[] = $analyzer->analyzeForReuse($path)::fromArrays(
                unserialize(serialize($analyzer->analyzeForReuse($path)->toArrays())),
            )->inventory->classLikes()[0];
        }
        [$a, $b] = [$read[0]->methods[0], $read[1]->methods[0]];

        self::assertNotNull($a->returnType);
        self::assertSame(['int', 'null'], $a->returnType->terms);
        self::assertSame($a->returnType, $b->returnType, 'one ?int for both');
        self::assertSame($a->arity, $b->arity);
        self::assertSame($a->parameters[0]['type'], $b->parameters[0]['type']);
        self::assertSame($read[0]->properties[0]->type, $b->returnType, 'the property\'s ?int is the same');
    }

    private function write(string $name, string $code): string
    {
        $path = (string) realpath($this->directory->path).'/src/'.$name;
        @mkdir(\dirname($path), 0o777, true);
        file_put_contents($path, $code);

        return $path;
    }
}
