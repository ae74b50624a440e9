<?php

declare(strict_types=1);

namespace Preheat;

use Preheat\Util\EchoedValue;

/** A wrong key or value in preheat.json or on the command line; the message names it and what to do. */
final class ConfigError extends \InvalidArgumentException implements UserError, SettingError
{
    use AboutSetting;

    /** @param list<string> $known */
    public static function unknownKey(string $file, string $key, array $known): self
    {
        $suggestion = self::closest($key, $known);

        return new self(\sprintf(
            '%s: unknown key "%s".%s Known keys: %s.',
            $file,
            EchoedValue::cut($key),
            null === $suggestion ? '' : \sprintf(' Did you mean "%s"?', $suggestion),
            implode(', ', $known),
        ));
    }

    /** @param Setting|null $about the user's setting it is, when an option may set it */
    public static function invalid(string $setting, mixed $value, string $what, ?Setting $about = null): self
    {
        return new self(
            \sprintf('Invalid %s %s: %s.', $setting, EchoedValue::of($value), $what),
            $about,
        );
    }

    public static function unreadable(string $file, string $why, ?Setting $about = null): self
    {
        return new self(\sprintf('Cannot read %s: %s.', $file, $why), $about);
    }

    /** @param list<string> $candidates */
    private static function closest(string $key, array $candidates): ?string
    {
        $best = null;
        $bestDistance = 3;
        foreach ($candidates as $candidate) {
            $distance = levenshtein(strtolower($key), strtolower($candidate));
            if ($distance < $bestDistance) {
                [$best, $bestDistance] = [$candidate, $distance];
            }
        }

        return $best;
    }
}
