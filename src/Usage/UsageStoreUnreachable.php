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
}
