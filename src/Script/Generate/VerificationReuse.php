<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

/**
 * Whether a `generate` may reuse the last verification instead of booting PHP: where the last verified run is kept,
 * the options it was asked with (a run with other options verifies again), and --reverify.
 */
final class VerificationReuse
{
    public function __construct(
        /** where the last verified run is kept for reuse; null: always verify */
        public readonly ?ReuseStore $store = null,
        /** every command-line option and argument that may change the plan or its verification */
        public readonly string $commandLine = '',
        /** verify even when the last verification could be reused */
        public readonly bool $reverify = false,
    ) {
    }
}
