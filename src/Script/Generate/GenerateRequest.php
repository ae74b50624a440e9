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
        public readonly VerificationReuse $reuse = new VerificationReuse(),
    ) {
    }

    /** The request, verified with $verify (null: not verified) and planned from $strategy's seed. */
    public function with(?VerifyOptions $verify, ?SeedStrategy $strategy): self
    {
        return new self(
            plan: $this->plan,
            options: $this->options,
            outputPath: $this->outputPath,
            verify: $verify,
            fixRounds: $this->fixRounds,
            strict: $this->strict,
            strategy: $strategy,
            fit: $this->fit,
            reuse: $this->reuse,
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
            $this->reuse->commandLine,
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
