<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Bench\Load\BackgroundLoadGenerator;
use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Load\LoadRun;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;

/**
 * A FakeLoadGenerator that can also run in the background: each run answers its first poll with
 * null (still running) and the next with what the wrapped fake answers. It logs when each run starts
 * and ends ("start 20001", "end 20001": the base URL's port), so a test sees which ran at the same time.
 */
final class FakeBackgroundLoad implements BackgroundLoadGenerator
{
    /** @var list<string> */
    public array $events = [];

    public function __construct(private readonly FakeLoadGenerator $load)
    {
    }

    public function name(): string
    {
        return $this->load->name();
    }

    public function warmsUpInEachRun(): bool
    {
        return $this->load->warmsUpInEachRun();
    }

    public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
    {
        $this->events[] = 'run '.self::port($target);

        return $this->load->run($target, $settings, $duration);
    }

    public function start(LoadTarget $target, LoadSettings $settings, float $duration): LoadRun
    {
        $this->events[] = 'start '.self::port($target);

        return new class($this, $this->load, $target, $settings, $duration) implements LoadRun {
            private bool $polled = false;
            private ?LoadResult $result = null;

            public function __construct(
                private readonly FakeBackgroundLoad $owner,
                private readonly FakeLoadGenerator $load,
                private readonly LoadTarget $target,
                private readonly LoadSettings $settings,
                private readonly float $duration,
            ) {
            }

            public function poll(): ?LoadResult
            {
                if (!$this->polled) {
                    $this->polled = true;

                    return null;
                }
                if (null === $this->result) {
                    $this->owner->events[] = 'end '.FakeBackgroundLoad::port($this->target);
                    $this->result = $this->load->run($this->target, $this->settings, $this->duration);
                }

                return $this->result;
            }

            public function abort(): void
            {
                $this->owner->events[] = 'abort '.FakeBackgroundLoad::port($this->target);
            }
        };
    }

    /** The base URL's port, as the events name a run. */
    public static function port(LoadTarget $target): string
    {
        return substr($target->baseUrl, -5);
    }
}
