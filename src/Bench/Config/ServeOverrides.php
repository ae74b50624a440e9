<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

/** The command line's settings of the server the bench starts (null: not given). */
final class ServeOverrides
{
    /** @param string|null $php the PHP binary to run, a path to an executable file */
    public function __construct(
        public readonly ?string $runtime = null,
        public readonly ?int $workers = null,
        public readonly ?string $php = null,
    ) {
    }
}
