<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Setting;
use Preheat\Usage\AccessProblem;
use Preheat\Usage\RecorderSetupOutcome;

/**
 * What `record` reports: what it wrote (or would write), how to enable it, and each reason the pool's user cannot
 * record with its fix in the command's words (naming the option that sets the setting the fix changes).
 */
final class RecorderSetupReport
{
    /**
     * @param list<AccessProblem> $problems what stands in the pool's user's way, each fix as shown: no setting left to
     *                                      name (one problem when there is no such user on this machine)
     */
    public function __construct(public readonly RecorderSetupOutcome $outcome, public readonly array $problems)
    {
    }

    /** @param \Closure(string, ?Setting): string $describe a fix with the option of the command that sets it */
    public static function of(RecorderSetupOutcome $outcome, \Closure $describe): self
    {
        $problems = $outcome->problems ?? [
            new AccessProblem(
                \sprintf('there is no user "%s" on this machine', $outcome->poolUser),
                'pass --pool-user=USER, the `user =` of your php-fpm pool',
            ),
        ];

        return new self($outcome, array_map(
            static fn (AccessProblem $problem): AccessProblem => new AccessProblem(
                $problem->problem,
                $describe($problem->fix, $problem->setting),
            ),
            $problems,
        ));
    }

    /** Where the pool's user was read: a pool file, or the option that gave it. */
    public function poolUserSource(): string
    {
        return $this->outcome->poolUserSource ?? '--pool-user';
    }
}
