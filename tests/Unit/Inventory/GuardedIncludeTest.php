<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\ConstantTable;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\FileInventory;
use Preheat\Inventory\GuardedInclude;
use Preheat\Inventory\Inventory;

/** When preloading a file changes whether a guarded include runs. */
final class GuardedIncludeTest extends TestCase
{
    public function testAGuardAskingAboutAFunctionTheFileDeclaresIsChangedByIt(): void
    {
        $guard = $this->guard("if (!function_exists('__')) { require ABSPATH.'wp-includes/l10n.php'; }");

        self::assertSame(
            'asks whether __ exists, which this file declares',
            $guard->changedBy($this->file('/app/wp-includes/l10n.php', "function __() {}\n\$x = 1;")),
        );
        self::assertNull(
            $guard->changedBy($this->file('/app/wp-includes/other.php', 'function other() {}')),
            'a file not declaring __() leaves the check as it was',
        );
    }

    public function testAGuardIsMatchedCaseInsensitivelyAndByTheStartOfABuiltName(): void
    {
        $guard = $this->guard('if (!class_exists("WP_Filesystem_$method")) { require_once $file; }');

        self::assertNotNull($guard->changedBy($this->file('/app/a.php', 'class wp_filesystem_direct {}')));
        self::assertNull(
            $guard->changedBy($this->file('/app/b.php', 'class WP_Post {}')),
            'the include reaches anything, but no check can change',
        );
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
        $defines = $this->file('/wp-load.php', "function abspath() {}\ndefine('ABSPATH', '/');");

        self::assertNull($guard->changedBy($defines));
    }

    public function testConstantsTheAppDefinesResolveThePath(): void
    {
        $guard = $this->guard("if (!class_exists(\$class)) { require ABSPATH.WPINC.'/widget.php'; }");
        $defines = $this->file(
            '/app/wp-load.php',
            "define('ABSPATH', __DIR__.'/');\ndefine('WPINC', 'wp-includes');\nfunction load() {}",
        );
        $resolved = $guard->withConstants(ConstantTable::of(new Inventory(['/app/wp-load.php' => $defines])));

        self::assertSame('/app/wp-includes/widget.php', $resolved->target);
        self::assertNotNull($resolved->changedBy($this->file('/app/wp-includes/widget.php', 'class W {}')));
        self::assertNull($resolved->changedBy($this->file('/srv/other/wp-includes/widget.php', 'class W {}')));
        self::assertNotNull(
            $guard->changedBy($this->file('/srv/other/wp-includes/widget.php', 'class W {}')),
            'unresolved, any path ending in /widget.php',
        );
    }

    public function testAConstantDefinedTwiceDifferentlyIsUnknown(): void
    {
        $guard = $this->guard("if (!class_exists(\$class)) { require ABSPATH.'widget.php'; }");
        $inventory = new Inventory([
            '/app/a.php' => $this->file('/app/a.php', "define('ABSPATH', '/app/');"),
            '/app/b.php' => $this->file('/app/b.php', "define('ABSPATH', \$root);"),
        ]);
        $resolved = $guard->withConstants(ConstantTable::of($inventory));

        self::assertNull($resolved->target);
        self::assertSame('widget.php', $resolved->suffix);
    }

    private function guard(string $code): GuardedInclude
    {
        $guards = (new FileAnalyzer())->analyzeCode('/index.php', "<?php\n".$code."\n")->includes->guarded;
        self::assertCount(1, $guards);

        return $guards[0];
    }

    private function file(string $path, string $code): FileInventory
    {
        return (new FileAnalyzer())->analyzeCode($path, "<?php\n".$code."\n");
    }
}
