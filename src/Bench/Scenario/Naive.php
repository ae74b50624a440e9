<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

use Preheat\Util\PhpComment;
use Preheat\Util\PhpLiteral;

/**
 * A reference to compare against: every PHP file of the scanned paths compiled with opcache_compile_file(),
 * as compile-everything preloaders do (dev packages and files with side effects included: compiling runs
 * nothing, so they do not stop it). The bench writes the script and runs it as a user would: verified as
 * it is, never fixed, its start-up warnings ("Can't preload unlinked class", ...) counted, not removed.
 */
final class Naive implements ScenarioPreload
{
    public const SPEC = 'naive';

    /** The script's name in the scenario's directory. */
    public const SCRIPT = 'naive-preload.php';

    public function spec(): string
    {
        return self::SPEC;
    }

    /**
     * The script: one opcache_compile_file() per file, in path order, each path a PhpLiteral (never spanning
     * lines); no guard, no try/catch, no lifted memory_limit, as such preloaders have none.
     *
     * @param list<string> $files absolute paths
     */
    public static function script(array $files): string
    {
        sort($files, \SORT_STRING);
        $lines = [
            '<?php',
            '',
            PhpComment::block([
                'Every PHP file of the scanned paths compiled with opcache_compile_file(), as compile-everything',
                \sprintf(
                    'preloaders do (%d files): the bench\'s naive scenario. Preheat neither verifies nor fixes it.',
                    \count($files),
                ),
            ]),
        ];
        foreach ($files as $file) {
            $lines[] = 'opcache_compile_file('.PhpLiteral::string($file).');';
        }

        return implode("\n", $lines)."\n";
    }
}
