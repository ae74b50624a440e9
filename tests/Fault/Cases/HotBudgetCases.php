<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/** The hot strategy's budget, a size or `auto`: a near miss of either is refused, naming where and what to write. */
final class HotBudgetCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        return [
            new FaultCase('generate-budget-near-auto', 'generate', '--budget=automatic', static function (Sandbox $s): Run {
                GenerateCases::small($s);

                return new Run(['generate', '--project='.$s->project, '--strategy=hot', '--store=x.log', '--budget=automatic']);
            }, new Expect([2], '{budget automatic is not a size.*or auto}'), '31.6'),
            new FaultCase('config-hot-budget-near-auto', 'bench', 'preheat.json bench.hot.budget "automatic"', static function (Sandbox $s): Run {
                $env = $s->benchApp();
                $s->write('preheat.json', (string) json_encode(['bench' => ['hot' => ['budget' => 'automatic']]]));

                return new Run(['bench', '--project='.$s->project, ...BenchCases::SHORT], $env, timeoutSeconds: 90);
            }, new Expect([2], '{preheat\.json key bench\.hot.*or auto}', unchanged: ['preheat.json']), '31.6'),
        ];
    }
}
