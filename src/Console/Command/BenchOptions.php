<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Bench\Config\BenchOverrides;
use Preheat\Bench\Config\LoadOverrides;
use Preheat\Bench\Config\ServeOverrides;
use Preheat\Bench\Config\StoppingOverrides;
use Preheat\Config\Duration;
use Preheat\Config\IntegerSetting;
use Preheat\ConfigError;
use Preheat\Console\Option\ScenarioOption;
use Symfony\Component\Console\Input\InputInterface;

/** The bench command's options that set something over preheat.json, read and typed. */
final class BenchOptions
{
    /**
     * The command line's settings, typed: each checked with the file's values by the loader.
     *
     * @param list<IntegerSetting> $toolSettings the settings the load tools declare, each an option of bench
     */
    public static function overrides(InputInterface $input, array $toolSettings): BenchOverrides
    {
        $string = static fn (string $name): ?string => null === ($v = $input->getOption($name)) ? null : (string) $v;

        return new BenchOverrides(
            urls: array_values(array_map('strval', (array) $input->getOption('url'))),
            scenarios: ScenarioOption::values((array) $input->getOption('scenario')),
            ladder: true === $input->getOption('ladder'),
            serve: new ServeOverrides(
                runtime: $string('runtime'),
                workers: self::integer($input, 'workers'),
                // The same rule as every command's --php: a path to no executable file is a bad option (exit 2).
                php: null === $input->getOption('php') ? null : PhpInput::binary($input),
            ),
            load: new LoadOverrides(
                tool: $string('tool'),
                duration: self::number($input, 'duration'),
                warmup: self::number($input, 'warmup'),
                concurrency: self::integer($input, 'concurrency'),
                schedule: $string('schedule'),
                restartEvery: self::integer($input, 'restart-every'),
                toolSettings: self::toolSettings($input, $toolSettings),
            ),
            stopping: new StoppingOverrides(
                rounds: self::integer($input, 'rounds'),
                precision: self::points($input, 'precision'),
                maxTime: self::duration($input, 'max-time'),
            ),
            store: $string('store'),
        );
    }

    /**
     * @param list<IntegerSetting> $settings
     *
     * @return array<string, int> the values given, by key
     */
    private static function toolSettings(InputInterface $input, array $settings): array
    {
        $values = [];
        foreach ($settings as $setting) {
            $value = self::integer($input, $setting->option());
            if (null !== $value) {
                $values[$setting->key] = $value;
            }
        }

        return $values;
    }

    private static function integer(InputInterface $input, string $name): ?int
    {
        $value = $input->getOption($name);
        if (null === $value) {
            return null;
        }
        $integer = filter_var($value, \FILTER_VALIDATE_INT);
        if (false === $integer) {
            throw ConfigError::invalid('--'.$name, $value, 'expected a whole number');
        }

        return $integer;
    }

    private static function points(InputInterface $input, string $name): ?float
    {
        $value = $input->getOption($name);
        if (null === $value) {
            return null;
        }
        if (!is_numeric($value) || $value <= 0) {
            throw ConfigError::invalid('--'.$name, $value, 'expected a number of points above 0, e.g. 2 for ±2 %');
        }

        return (float) $value;
    }

    private static function duration(InputInterface $input, string $name): ?float
    {
        $value = $input->getOption($name);
        if (null === $value) {
            return null;
        }
        $seconds = Duration::seconds((string) $value);
        if (null === $seconds || $seconds < 0) {
            $error = ConfigError::invalid(
                '--'.$name,
                $value,
                'expected seconds or a duration such as 240s, 4m or 1m30s (0: exactly --rounds rounds)',
            );
            throw $error;
        }

        return $seconds;
    }

    private static function number(InputInterface $input, string $name): ?float
    {
        $value = $input->getOption($name);
        if (null === $value) {
            return null;
        }
        if (!is_numeric($value)) {
            throw ConfigError::invalid('--'.$name, $value, 'expected a number of seconds');
        }

        return (float) $value;
    }
}
