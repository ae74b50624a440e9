<?php

declare(strict_types=1);

namespace Preheat\Console;

use Preheat\Setting;
use Symfony\Component\Console\Command\Command;

/** Which option of a command sets a setting an error is about: the one place domain settings meet option names. */
final class SettingOptions
{
    /** @return list<string> the options that may set it, in the order they are looked for */
    public static function candidates(Setting $setting): array
    {
        return match ($setting) {
            Setting::Project => ['project'],
            Setting::Paths => ['path'],
            Setting::Ignore => ['ignore'],
            Setting::Output => ['output'],
            Setting::CacheDirectory => ['cache-dir'],
            Setting::PhpBinary => ['php'],
            Setting::PhpIni => ['ini'],
            Setting::PoolUser => ['user', 'pool-user'],
            Setting::Store => ['store', 'usage'],
            Setting::MergeTarget => ['into'],
            Setting::Bootstrap => ['bootstrap'],
            Setting::RecordedDirectories => ['base'],
            Setting::BufferDirectory => ['buffer-dir'],
            Setting::Sample => ['sample'],
            Setting::Batch => ['batch'],
            Setting::FlushSeconds => ['flush-seconds'],
            Setting::Coverage => ['coverage'],
            Setting::MinShare => ['min-share'],
            Setting::Budget => ['budget'],
            Setting::Config => ['config'],
            Setting::Urls => ['url'],
            Setting::Scenarios => ['scenario'],
            Setting::ReportDirectory => ['out'],
        };
    }

    /** "--project", or null when the command has no option for it (the setting then comes from a file). */
    public static function option(Setting $setting, Command $command): ?string
    {
        foreach (self::candidates($setting) as $name) {
            if ($command->getDefinition()->hasOption($name)) {
                return '--'.$name;
            }
        }

        return null;
    }
}
