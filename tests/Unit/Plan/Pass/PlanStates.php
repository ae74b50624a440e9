<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Pass;

use Preheat\Composer\AutoloadRules;
use Preheat\Composer\ComposerProject;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Inventory\Inventory;
use Preheat\Plan\BuiltinSignatures;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\IncludedByPathRule;
use Preheat\Plan\PlanContext;
use Preheat\Plan\PlanMemory;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanState;
use Preheat\Plan\Screening;
use Preheat\Plan\SignatureDependencies;

/** Plan states of small projects under /app, made by the passes before the one a test is about. */
final class PlanStates
{
    public const ROOT = '/app';

    /** @param array<string, string> $files path under /app => PHP code (without the opening tag) */
    public static function context(array $files): PlanContext
    {
        $analyzer = new FileAnalyzer();
        $inventories = [];
        foreach ($files as $path => $code) {
            $inventories[self::ROOT.'/'.$path] = $analyzer->analyzeCode(self::ROOT.'/'.$path, "<?php\n".$code."\n");
        }
        $project = new ComposerProject(self::ROOT, null, [], AutoloadRules::none(), [], false);

        return new PlanContext(new Inventory($inventories), $project, [self::ROOT]);
    }

    /**
     * The state once screened, with its signature dependencies, as the Planner makes it.
     *
     * @param array<string, string> $files
     */
    public static function screened(array $files, PlanOptions $options = new PlanOptions()): PlanState
    {
        $builtins = BuiltinSymbols::ofCurrentProcess();
        $state = new PlanState(self::context($files));
        (new Screening($builtins))->screenFiles($state->context, $options, $state, null, new IncludedByPathRule($state->context->project, $options->requires), new PlanMemory());
        $state->signatures = new SignatureDependencies($state->declarations, new BuiltinSignatures($builtins));

        return $state;
    }
}
