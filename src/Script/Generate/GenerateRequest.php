<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Script\Verify\VerifyOptions;

/** One `generate`: what to plan, where to write, how to verify, and how many fix rounds it may spend. */
final class GenerateRequest
{
    /** @param int $fixRounds how often what PHP refused may be dropped and the script tried again (0: never) */
    public function __construct(
        public readonly PlanRequest $plan,
        public readonly PlanOptions $options,
        public readonly string $outputPath,
        public readonly ?VerifyOptions $verify,
        public readonly int $fixRounds = 5,
        public readonly bool $strict = false,
        public readonly ?SeedStrategy $strategy = null,
        /** fit the plan to the php.ini's interned-string buffer and OPcache memory when it overflows them */
        public readonly bool $fit = true,
        /** where the last verified run is kept for reuse; null: always verify */
        public readonly ?ReuseStore $reuse = null,
        /** every command-line option and argument that may change the plan or its verification */
        public readonly string $commandLine = '',
        /** verify even when the last verification could be reused */
        public readonly bool $reverify = false,
    ) {
    }

    /** The request, verified with $verify (null: not verified) and planned from $strategy's seed. */
    public function with(?VerifyOptions $verify, ?SeedStrategy $strategy): self
    {
        return new self(
            $this->plan,
            $this->options,
            $this->outputPath,
            $verify,
            $this->fixRounds,
            $this->strict,
            $strategy,
            $this->fit,
            $this->reuse,
            $this->commandLine,
            $this->reverify,
        );
    }

    /** What this request's plan and verification depend on besides the tree and the PHP: for ReuseKey. */
    public function fingerprint(): string
    {
        return $this->fingerprintWith($this->plan);
    }

    /**
     * fingerprint() for ReleaseKey: the inventory cache named by its directory (what --cache-dir says), not by its
     * file, which is named after the project root; the cache finds a file's analysis by its bytes wherever it is.
     */
    public function releaseFingerprint(): string
    {
        $plan = $this->plan;

        return $this->fingerprintWith(new PlanRequest(
            $plan->projectRoot,
            $plan->paths,
            null === $plan->cacheFile ? null : \dirname($plan->cacheFile),
            $plan->phpBinary,
            $plan->includeDirs,
        ));
    }

    private function fingerprintWith(PlanRequest $plan): string
    {
        return serialize([
            $this->commandLine,
            $plan,
            $this->options,
            $this->fixRounds,
            $this->strict,
            $this->fit,
            $this->strategy?->name(),
            $this->strategy?->budgetBytes(),
            $this->verify?->timeoutSeconds,
            $this->verify?->slowStartupSeconds,
        ]);
    }
}
