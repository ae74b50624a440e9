<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use PHPUnit\Framework\Assert;
use Symfony\Component\Process\Process;

/** doc/deploying.md's recipe as written: its shell blocks, each under a `<!-- deploy:NAME -->` comment, run with bash. */
final class DeployRecipe
{
    public const BLOCKS = ['build', 'switch', 'restart', 'check'];

    /** @return array<string, string> the recipe's shell blocks, by the name of the comment above each */
    public static function blocks(): array
    {
        $doc = (string) file_get_contents(\dirname(__DIR__, 2).'/doc/deploying.md');
        preg_match_all('/^<!-- deploy:(\w+) -->\n```sh\n(.*?)^```$/ms', $doc, $matches, \PREG_SET_ORDER);
        $blocks = [];
        foreach ($matches as [, $name, $code]) {
            $blocks[$name] = $code;
        }
        Assert::assertSame(self::BLOCKS, array_keys($blocks), 'doc/deploying.md: the recipe\'s blocks, in order');

        return $blocks;
    }

    /**
     * Runs one block with bash (-euo pipefail) in $directory.
     *
     * @param array<string, string> $environment the recipe's variables (APP, PREHEAT, PHP_INI, FPM, ...)
     */
    public static function step(string $code, array $environment, string $directory): Process
    {
        $process = new Process(['bash', '-c', "set -euo pipefail\n".$code], $directory, $environment, null, 300);
        $process->run();

        return $process;
    }
}
