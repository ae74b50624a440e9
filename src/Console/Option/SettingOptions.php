<?php

declare(strict_types=1);

namespace Preheat\Console\Option;

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
            Setting::IncludeDirectories => ['include-dir'],
            Setting::Ignore => ['ignore'],
            Setting::Output => ['output', 'script'],
            Setting::CacheDirectory => ['cache-dir'],
            Setting::PhpBinary => ['php'],
            Setting::PhpIni => ['ini'],
            Setting::PoolUser => ['pool-user'],
            Setting::Store => ['store'],
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
            Setting::BaselineReport => ['baseline'],
            Setting::Assertions => ['assert'],
            Setting::StatusUrl => ['status-url'],
        };
    }

    /**
     * A message about a setting, with the option of $command that sets it after its first line (a message
     * may go on with a log excerpt); as it is when the command has none (the setting came from a file).
     */
    public static function describe(string $message, ?Setting $setting, Command $command): string
    {
        $option = null === $setting ? null : self::option($setting, $command);
        if (null === $option) {
            return $message;
        }
        $lines = explode("\n", $message, 2);

        return rtrim($lines[0]).' (option '.$option.')'.(isset($lines[1]) ? "\n".$lines[1] : '');
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
