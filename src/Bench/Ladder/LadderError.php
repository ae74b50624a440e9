<?php

declare(strict_types=1);

namespace Preheat\Bench\Ladder;

use Preheat\EnvironmentError;

/** A rung could not be set up because PHP failed: the message says what PHP printed and what to check. */
final class LadderError extends \RuntimeException implements EnvironmentError
{
    public static function cannotMeasure(string $output): self
    {
        return new self(\sprintf(
            'Measuring what the app takes in OPcache (for the ladder\'s "opcache sizing" rung) failed: PHP said: %s.'
            .' Check that the PHP binary has OPcache (php -m), or run `preheat doctor --measure` to see the same'
            .' measurement.',
            $output,
        ));
    }
}
