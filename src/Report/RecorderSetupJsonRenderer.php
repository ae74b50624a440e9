<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Usage\AccessProblem;
use Preheat\Usage\ExistingPrepend;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `record`'s report for a deployment script: what was written (or would be), the lines that enable it and whether
 * the pool's user can record.
 *
 * @implements Renderer<RecorderSetupReport>
 */
final class RecorderSetupJsonRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $outcome = $report->outcome;
        $path = $outcome->settings->bootstrapPath;
        $output->writeln(
            Json::encode(
                [
                    'bootstrap' => $path,
                    'written' => $outcome->installed,
                    'store' => $outcome->store(),
                    'sample' => $outcome->settings->sample,
                    // null when a pool prepends a file already: the line would replace it; requireLine goes at its top.
                    'iniLine' => $outcome->lines[0] ?? null,
                    'poolLine' => $outcome->lines[1] ?? null,
                    'requireLine' => 'require '.var_export($path, true).';',
                    'existingPrepends' => array_map(
                        static fn (ExistingPrepend $prepend): array => [
                            'pool' => $prepend->pool,
                            'setting' => $prepend->directive->name,
                            'file' => $prepend->directive->value,
                            'where' => $prepend->directive->where(),
                        ],
                        $outcome->prepends,
                    ),
                    'poolUser' => [
                        'name' => $outcome->poolUser,
                        'source' => $report->poolUserSource(),
                        'canRecord' => [] === $report->problems,
                    ],
                    'problems' => array_map(
                        static fn (AccessProblem $problem): array => [
                            'problem' => $problem->problem,
                            'fix' => $problem->fix,
                        ],
                        $report->problems,
                    ),
                ],
            ),
            OutputInterface::OUTPUT_RAW,
        );
    }
}
