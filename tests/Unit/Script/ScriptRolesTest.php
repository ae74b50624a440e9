<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script;

use PHPUnit\Framework\TestCase;

/**
 * Script/ is split by role: Write (the script and what it records) and Verify (booting PHP with it) know
 * nothing of each other or of Generate (the loop of rounds), which uses both. Read from every name of
 * Preheat\Script\… under src/Script/.
 */
final class ScriptRolesTest extends TestCase
{
    private const LAYERS = ['Write' => 0, 'Verify' => 0, 'Generate' => 1];

    public function testEveryFileHasARole(): void
    {
        $script = \dirname(__DIR__, 3).'/src/Script';

        self::assertSame([], glob($script.'/*.php') ?: [], 'a file of Script/ belongs in Write, Verify or Generate');
        self::assertSame(
            array_keys(self::LAYERS),
            array_values(
                array_intersect(
                    array_keys(self::LAYERS),
                    array_map('basename', glob($script.'/*', \GLOB_ONLYDIR) ?: []),
                ),
            ),
        );
    }

    public function testRolesUseOnlyTheRolesBelowThem(): void
    {
        $wrong = [];
        foreach (self::LAYERS as $role => $layer) {
            foreach (glob(\dirname(__DIR__, 3).'/src/Script/'.$role.'/*.php') ?: [] as $file) {
                preg_match_all('/Preheat\\\\Script\\\\(\w+)\\\\/', (string) file_get_contents($file), $matches);
                foreach (array_unique($matches[1]) as $used) {
                    if ($used !== $role && (self::LAYERS[$used] ?? \PHP_INT_MAX) >= $layer) {
                        $wrong[] = \sprintf('%s → %s (%s)', $role, $used, basename($file));
                    }
                }
            }
        }

        self::assertSame([], $wrong);
    }

    public function testTheReaderSeesAnEdge(): void
    {
        $generator = (string) file_get_contents(\dirname(__DIR__, 3).'/src/Script/Generate/ScriptGenerator.php');

        self::assertMatchesRegularExpression('/use Preheat\\\\Script\\\\Verify\\\\/', $generator);
    }
}
