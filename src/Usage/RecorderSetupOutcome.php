<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Recorder\StoreDsn;

/** What `record` did and found: the bootstrap, how to enable it, and what stands in the pool's user's way. */
final class RecorderSetupOutcome
{
    /**
     * @param string|null                $bootstrap      the bootstrap's code, when it was not written
     * @param array{string, string}|null $lines          the php.ini line and the pool file's line that enable it;
     *                                                   null when php-fpm prepends a file already
     * @param list<ExistingPrepend>      $prepends       the files php-fpm prepends already
     * @param string|null                $poolUserSource where the pool's user was read; null when it was given
     * @param list<AccessProblem>|null   $problems       null when there is no such user on this machine
     */
    public function __construct(
        public readonly RecorderSettings $settings,
        public readonly bool $installed,
        public readonly ?string $bootstrap,
        public readonly ?array $lines,
        public readonly array $prepends,
        public readonly string $poolUser,
        public readonly ?string $poolUserSource,
        public readonly ?array $problems,
    ) {
    }

    public function store(): string
    {
        return StoreDsn::describe($this->settings->store);
    }

    /** Failed: the bootstrap was written, and the pool's user cannot record with it. */
    public function failed(): bool
    {
        return $this->installed && [] !== $this->problems;
    }
}
