<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\ScenarioSpec;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanRequest;
use Preheat\Script\PreloadVerifier;
use Preheat\Script\ScriptGenerator;
use Preheat\Script\VerifyOptions;

/**
 * Turns a scenario's SPEC into a preload script: none, the script given (verified first), or one
 * written by `generate` with the scenario's strategy. A scenario that cannot be prepared is recorded
 * with the reason and not run; the others go on.
 */
final class ScenarioPreparer
{
    public function __construct(
        private readonly ScriptGenerator $generator,
        private readonly PreloadVerifier $verifier,
    ) {
    }

    public function prepare(ScenarioSpec $spec, BenchConfig $config, string $directory): ScenarioRecord
    {
        if ($spec->isNone()) {
            return new ScenarioRecord($spec->name, $spec->spec, null, 'no preloading');
        }
        $verify = new VerifyOptions($config->phpBinary, null, $config->opcacheMemoryMb);
        if ($spec->isScript()) {
            $report = $this->verifier->verify($spec->spec, $verify);
            $record = new ScenarioRecord($spec->name, $spec->spec, $spec->spec, \sprintf('given script, %d classes', $report->classes));
            if (!$report->passed(false)) {
                $record->problems[] = \sprintf('%s fails verification: %s', $spec->spec, $this->firstFatal($report->messages));
            }

            return $record;
        }

        $request = new PlanRequest($config->projectRoot, $config->paths, $config->ignore, false, sys_get_temp_dir().'/preheat-cache/inventory-'.substr(hash('sha256', $config->projectRoot), 0, 16).'.bin', $config->phpBinary);
        $options = new PlanOptions($request->ignoreRules(), false, strategy: 'paths');
        $output = $directory.'/preload.php';
        $outcome = $this->generator->generate($request, $options, $output, $verify, 3);
        $plan = $outcome->planResult->plan;
        $record = new ScenarioRecord($spec->name, $spec->spec, $output, \sprintf(
            'generate --strategy=paths: %d files, %d classes, %d left out',
            \count($plan->included),
            $plan->classCount(),
            \count($plan->droppedFiles),
        ));
        if (!$outcome->succeeded()) {
            $record->problems[] = 'the generated script fails verification: '.$this->firstFatal($outcome->verification->messages ?? []);
        }

        return $record;
    }

    /** @param list<\Preheat\Script\StartupMessage> $messages */
    private function firstFatal(array $messages): string
    {
        foreach ($messages as $message) {
            if ('fatal' === $message->severity->value) {
                return strtok($message->message, "\n").(null === $message->file ? '' : ' in '.$message->file);
            }
        }

        return 'see `preheat verify`';
    }
}
