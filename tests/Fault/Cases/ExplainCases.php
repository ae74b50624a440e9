<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/** `explain`: names that do not exist, hostile names, a garbage script, a missing store. */
final class ExplainCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $explain = static fn (Sandbox $s, string ...$arguments): Run => new Run(['explain', '--project='.$s->smallProject(), ...$arguments]);

        return [
            new FaultCase('explain-unknown-class', 'explain', 'a class no file declares', static fn (Sandbox $s): Run => $explain($s, 'Nope\Missing'), new Expect([1], '{not preloaded}')),
            new FaultCase('explain-unknown-file', 'explain', 'a file that does not exist', static fn (Sandbox $s): Run => $explain($s, 'src/Nope.php'), new Expect([1], '{not preloaded}')),
            new FaultCase('explain-no-name', 'explain', 'no name given', static fn (Sandbox $s): Run => $explain($s), new Expect([2], '{name}')),
            new FaultCase('explain-missing-project', 'explain', 'the project does not exist', static fn (Sandbox $s): Run => new Run(['explain', 'Foo', '--project='.$s->root.'/nowhere']), new Expect([2], '{nowhere}')),
            new FaultCase('explain-hostile-name', 'explain', 'a name with `*/`, newlines and escape sequences', static fn (Sandbox $s): Run => $explain($s, "x*/y\n\e[31mz"), new Expect([1], '{not preloaded}')),
            new FaultCase('explain-garbage-script', 'explain', '-o names a script of garbage', static fn (Sandbox $s): Run => $explain($s, 'App\Thing', '-o', $s->write('garbage.php', random_bytes(512))), new Expect([0, 1], '{App\\\\Thing}', unchanged: ['garbage.php'])),
            new FaultCase('explain-missing-store', 'explain', '--usage names a store that does not exist', static fn (Sandbox $s): Run => $explain($s, 'App\Thing', '--usage='.$s->root.'/none.log'), new Expect([2], '{none\.log}')),
        ];
    }
}
