<?php

declare(strict_types=1);

namespace Preheat\Config;

use Preheat\ConfigError;

/**
 * A whole-number setting an extension declares for itself (a load tool's requests per round): its preheat.json key
 * under bench, the bench option of the same name, its help and its range. Declared by the extension that reads it,
 * so that nothing shared (the key table, the command's options, the schema) names it: they list the declarations.
 */
final class IntegerSetting
{
    /**
     * @param string      $key          the key under bench, in camelCase: callgrindWarmup (--callgrind-warmup)
     * @param string      $description  for the option's help and the schema
     * @param string      $expected     what a valid value is, for the message about preheat.json: "a whole number of
     *                                  requests"
     * @param string      $why          what the highest value is for, for the message about a value above it
     * @param string|null $belowMinimum the message about a value under the lowest, when "must be at least N" is
     *                                  not enough
     */
    public function __construct(
        public readonly string $key,
        public readonly string $description,
        public readonly int $default,
        public readonly int $minimum,
        public readonly int $maximum,
        public readonly string $expected,
        public readonly string $why,
        private readonly ?string $belowMinimum = null,
    ) {
        if (!preg_match('/^[a-z][A-Za-z0-9]*$/', $key) || $default < $minimum || $default > $maximum) {
            throw new \LogicException(\sprintf('Setting %s: a camelCase key and a default within its range.', $key));
        }
    }

    /** The preheat.json key: bench.callgrindWarmup. */
    public function path(): string
    {
        return 'bench.'.$this->key;
    }

    /** The bench option's name, without dashes: callgrind-warmup. */
    public function option(): string
    {
        return strtolower((string) preg_replace('/[A-Z]/', '-$0', $this->key));
    }

    /** The option's help: its description and default. */
    public function help(): string
    {
        return \sprintf('%s (default %d; preheat.json: %s)', $this->description, $this->default, $this->path());
    }

    /** Its entry in preheat.json's key table, for the key check and the schema. */
    public function configKey(): ConfigKey
    {
        return new ConfigKey($this->path(), JsonType::Integer, $this->description);
    }

    /** A value preheat.json gives, against the lowest: the message names the file and the key. */
    public function checkInFile(string $file, int $value): void
    {
        if ($value < $this->minimum) {
            $error = ConfigError::invalid(
                $file.' key '.$this->path(),
                $value,
                \sprintf('expected %s, at least %d', $this->expected, $this->minimum),
            );
            throw $error;
        }
    }

    /** The value the run gets, from the option or the file, against the lowest. */
    public function checkMinimum(int $value): void
    {
        if ($value < $this->minimum) {
            $message = $this->belowMinimum ?? \sprintf('must be at least %d', $this->minimum);
            throw ConfigError::invalid($this->key, $value, $message);
        }
    }

    /**
     * The value the run gets against the highest: the message names the key, and the option that sets it when the
     * caller (the console, which knows the options) gives one.
     */
    public function checkMaximum(int $value, ?string $option = null): void
    {
        if ($value > $this->maximum) {
            $lower = null === $option
                ? 'preheat.json\'s '.$this->path()
                : \sprintf('%s (preheat.json: %s)', $option, $this->path());
            $error = ConfigError::invalid(
                $this->key,
                $value,
                \sprintf('at most %d (%s); lower %s', $this->maximum, $this->why, $lower),
            );
            throw $error;
        }
    }
}
