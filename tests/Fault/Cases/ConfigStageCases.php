<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/**
 * preheat.json's bench.usage and bench.hot as `generate` reads them for its default strategy: checked by the one
 * reader the bench uses, with its message (the file and the key) and exit 2, instead of being ignored.
 */
final class ConfigStageCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $generate = static function (string $json): \Closure {
            return static function (Sandbox $s) use ($json): Run {
                $s->smallProject();
                $s->write('preheat.json', $json);

                return new Run(['generate', '--project='.$s->project, '--no-verify']);
            };
        };

        return [
            new FaultCase('config-generate-usage-not-a-string', 'generate', '{"bench":{"usage":5}}: the store hot would plan from is no path', $generate('{"bench": {"usage": 5}}'), new Expect([2], '{preheat\.json key bench\.usage 5: expected a string}', unchanged: ['preheat.json']), '33.1'),
            new FaultCase('config-generate-hot-coverage-text', 'generate', '{"bench":{"hot":{"coverage":"0.9"}}}: a number given as text', $generate('{"bench": {"hot": {"coverage": "0.9"}}}'), new Expect([2], '{preheat\.json key bench\.hot\.coverage "0\.9": expected a number}', unchanged: ['preheat.json']), '33.1'),
            new FaultCase('config-generate-hot-coverage-above-1', 'generate', '{"bench":{"hot":{"coverage":2}}}: more than all of the traffic', $generate('{"bench": {"hot": {"coverage": 2}}}'), new Expect([2], '{preheat\.json key bench\.hot}', unchanged: ['preheat.json']), '33.1'),
            new FaultCase('config-generate-hot-unknown-key', 'generate', '{"bench":{"hot":{"coverge":0.9}}}: a typo in a key hot reads', $generate('{"bench": {"hot": {"coverge": 0.9}}}'), new Expect([2], '{unknown key "bench\.hot\.coverge"\. Did you mean "bench\.hot\.coverage"\?}', unchanged: ['preheat.json']), '33.1'),
        ];
    }
}
