<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Signature;

use Preheat\Inventory\Declaration;
use Preheat\Inventory\FileAnalyzer;

/** The class-likes of a piece of code in namespace N, by lower-case name, as the planner indexes them. */
final class Declarations
{
    /** @return array<string, Declaration> */
    public static function of(string $code): array
    {
        $inventory = (new FileAnalyzer())->analyzeCode('/case.php', "<?php\nnamespace N;\n".$code);
        $declarations = [];
        foreach ($inventory->classLikes() as $declaration) {
            $declarations[strtolower($declaration->name)] = $declaration;
        }

        return $declarations;
    }
}
