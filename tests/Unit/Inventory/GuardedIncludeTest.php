<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\FileInventory;
use Preheat\Inventory\GuardedInclude;

/** When preloading a file changes whether a guarded include runs. */
final class GuardedIncludeTest extends TestCase
{
    public function testAGuardAskingAboutAFunctionTheFileDeclaresIsChangedByIt(): void
    {
        $guard = $this->guard("if (!function_exists('__')) { require ABSPATH.'wp-includes/l10n.php'; }");

        self::assertSame('asks whether __ exists, which this file declares', $guard->changedBy($this->file('/app/wp-includes/l10n.php', "function __() {}\n\$x = 1;")));
        self::assertNull($guard->changedBy($this->file('/app/wp-includes/other.php', 'function other() {}')), 'a file not declaring __() leaves the check as it was');
    }

    public function testAGuardIsMatchedCaseInsensitivelyAndByTheStartOfABuiltName(): void
    {
        $guard = $this->guard('if (!class_exists("WP_Filesystem_$method")) { require_once $file; }');

        self::assertNotNull($guard->changedBy($this->file('/app/a.php', 'class wp_filesystem_direct {}')));
        self::assertNull($guard->changedBy($this->file('/app/b.php', 'class WP_Post {}')), 'the include reaches anything, but no check can change');
    }

    public function testAGuardOnANameItCannotTellFallsBackOnThePath(): void
    {
        $guard = $this->guard("if (!class_exists(\$class)) { require __DIR__.'/classes/widget.php'; }");

        self::assertNotNull($guard->changedBy($this->file('/classes/widget.php', 'class Anything {}')));
        self::assertNull($guard->changedBy($this->file('/classes/other.php', 'class Anything {}')));
    }

    public function testADefinedGuardNeverChanges(): void
    {
        // Preloading runs no code: no constant is defined before the request defines it.
        $guard = $this->guard("if (!defined('ABSPATH')) { require __DIR__.'/wp-load.php'; }");

        self::assertNull($guard->changedBy($this->file('/wp-load.php', "function abspath() {}\ndefine('ABSPATH', '/');")));
    }

    private function guard(string $code): GuardedInclude
    {
        $guards = (new FileAnalyzer())->analyzeCode('/index.php', "<?php\n".$code."\n")->guardedIncludes;
        self::assertCount(1, $guards);

        return $guards[0];
    }

    private function file(string $path, string $code): FileInventory
    {
        return (new FileAnalyzer())->analyzeCode($path, "<?php\n".$code."\n");
    }
}
