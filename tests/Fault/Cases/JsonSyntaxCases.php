<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/**
 * preheat.json that is not JSON, as a hand edit or a cut copy leaves it: each message names the file, the line and
 * the column of the first error, and what was expected there (PHP's own decoder says only "Syntax error").
 */
final class JsonSyntaxCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $config = static function (string $json): \Closure {
            return static function (Sandbox $s) use ($json): Run {
                $s->smallProject();
                $s->write('preheat.json', $json);

                return new Run(['generate', '--project='.$s->project, '--no-verify']);
            };
        };
        $expect = static fn (string $says): Expect => new Expect([2], '{preheat\.json: invalid JSON at '.$says.'}', unchanged: ['preheat.json']);

        return [
            new FaultCase('config-json-trailing-comma', 'generate', 'preheat.json with a comma after the last entry of an object', $config("{\n  \"generate\": {\n    \"paths\": [],\n  }\n}\n"), $expect('line 3, column 16: a comma before "\}" \(a trailing comma\), which JSON does not allow: remove it'), '30.9'),
            new FaultCase('config-json-missing-quote', 'generate', 'preheat.json with a key whose closing quote is missing', $config("{\n  \"generate\": {\"paths: []}\n}\n"), $expect('line 2, column 27: the control character U\+000A \(a line break\) inside the string opened at line 2, column 16: end the string with a double quote'), '30.9'),
            new FaultCase('config-json-truncated', 'generate', 'preheat.json cut off inside a string', $config('{"generate": {"paths": ["sr'), $expect('line 1, column 25: a string that is not closed'), '30.9'),
            new FaultCase('config-json-unclosed-brace', 'generate', 'preheat.json whose outer object is never closed', $config("{\n  \"generate\": {\"paths\": []}\n"), $expect('line 3, column 1: expected "," or "\}", found the end of the file \(the object opened at line 1, column 1 is not closed\)'), '30.9'),
            new FaultCase('config-json-bom', 'generate', 'preheat.json saved with a UTF-8 byte order mark', $config("\xEF\xBB\xBF{}\n"), $expect('line 1, column 1: the file starts with a byte order mark'), '30.9'),
            new FaultCase('config-json-invalid-utf8', 'generate', 'preheat.json with a Latin-1 byte in a string', $config("{\n  \"\$schema\": \"caf\xE9\"\n}\n"), $expect('line 2, column 18: the byte 0xE9, which is not UTF-8 inside the string opened at line 2, column 14: save the file as UTF-8'), '30.9'),
        ];
    }
}
