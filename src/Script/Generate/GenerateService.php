<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Php\PhpInstallation;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\Timings;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Script\Verify\VerifyOptions;

/**
 * `generate` from a request to an outcome: the PHP to verify with found, the strategy's input gathered, then
 * the script planned, verified and fixed, each part in the timings (a PHP booted under a named boot).
 */
final class GenerateService
{
    /** @param ProcessRunner $runner the runner every part starts its processes with: the timings' own */
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly ProgressLogger $progress,
        private readonly Timings $timings,
    ) {
    }

    /**
     * @param (\Closure(): PhpInstallation)|null              $php      finds the PHP to verify with; null: none
     * @param \Closure(?PhpInstallation): (SeedStrategy|null) $strategy the strategy with its input, given the PHP
     * @param bool                                            $serves   whether the strategy serves the app to
     *                                                                  learn its input (a PHP boot of its own)
     */
    public function generate(
        GenerateRequest $request,
        ?\Closure $php,
        \Closure $strategy,
        bool $serves,
    ): GenerateOutcome {
        $timings = $this->timings;
        $verify = null === $php
            ? null
            : new VerifyOptions($timings->boot('PHP boot: locate the PHP installation and its ini', $php));
        $generator = new ScriptGenerator(
            new PlanPipeline($this->runner, progress: $this->progress, timings: $timings),
            new PreloadVerifier($this->runner, timings: $timings),
            progress: $this->progress,
            timings: $timings,
        );
        $input = static fn (): ?SeedStrategy => $strategy($verify?->php);
        // A strategy that serves the app (trace: php-fpm or a worker) and requests its pages: those processes
        // are this boot's.
        $seed = $serves
            ? $timings->boot('PHP boot: serve the app and trace its requests', $input)
            : $timings->span('strategy input', $input);

        return $generator->generate($request->with($verify, $seed));
    }
}
