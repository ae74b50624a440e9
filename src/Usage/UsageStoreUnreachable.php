<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\EnvironmentError;
use Preheat\Setting;
use Preheat\SettingError;

/** A Redis usage store that cannot be reached: the server, not the input; the message names it and what to check. */
final class UsageStoreUnreachable extends \RuntimeException implements EnvironmentError, SettingError
{
    public function setting(): Setting
    {
        return Setting::Store;
    }

    public static function redisUnreachable(string $address, string $why): self
    {
        return new self(\sprintf(
            'Cannot reach Redis at %s (%s): check that redis-server is running and listens there, '
            .'or fix the address of the store (redis://HOST:PORT/DB).',
            $address,
            $why,
        ));
    }

    /** Redis answered, then stopped: killed, frozen, or too slow to answer in time. */
    public static function redisLost(string $address, string $why): self
    {
        return new self(\sprintf(
            'Redis at %s stopped answering (%s): check that redis-server is running and not overloaded. A merge '
            .'into it that was cut short may have been applied or not: read the store before merging again.',
            $address,
            $why,
        ));
    }

    /** What listens at the address answers, but not as Redis does (or without bounds). */
    public static function notRedis(string $address, string $why): self
    {
        return new self(\sprintf(
            'What listens at %s does not answer as Redis does (%s): check that the store\'s address '
            .'(redis://HOST:PORT/DB) is the one redis-server listens on.',
            $address,
            $why,
        ));
    }
}
