<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\AboutSetting;
use Preheat\Setting;
use Preheat\SettingError;
use Preheat\UserError;

/** A usage store that cannot be opened, read or written; each message names the store and says what to do. */
final class UsageStoreError extends \RuntimeException implements UserError, SettingError
{
    use AboutSetting;

    private static function aboutTheStore(string $message): self
    {
        return new self($message, Setting::Store);
    }

    public static function invalidStore(string $message): self
    {
        return self::aboutTheStore($message);
    }

    public static function missingFile(string $path): self
    {
        return self::aboutTheStore(\sprintf(
            'No usage recorded at "%s": the file does not exist. Enable the recorder (preheat record --install) '
            .'and let requests through, or name another store (a file, or redis://HOST:PORT/DB).',
            $path,
        ));
    }

    public static function unreadableFile(string $path): self
    {
        return self::aboutTheStore(
            \sprintf('Cannot read the usage file "%s": check that it is a file you may read.', $path),
        );
    }

    public static function unwritable(string $store, string $why): self
    {
        return self::aboutTheStore(
            \sprintf('Cannot write to the usage store %s: %s. Check that it exists and is writable.', $store, $why),
        );
    }

    public static function incompatibleVersion(string $store, string $found): self
    {
        return self::aboutTheStore(\sprintf(
            'The usage store %s was written by an incompatible version of the recorder '
            .'(format %s; this Preheat reads formats %s): '
            .'record into a new store, or read it with the Preheat version that wrote it.',
            $store,
            $found,
            implode(' and ', \Preheat\Recorder\Recorder::READABLE_FORMATS),
        ));
    }

    public static function redisFailed(string $address, string $why): self
    {
        return self::aboutTheStore(\sprintf(
            'Redis at %s failed: %s. Check the password and database in the store, '
            .'and that no other data uses its ?prefix=.',
            $address,
            $why,
        ));
    }

    public static function empty(string $store): self
    {
        return self::aboutTheStore(\sprintf(
            'No traffic recorded yet in %1$s: enable the recorder (preheat record --install) and let requests through; '
            .'`preheat usage --store=%1$s` says what to check.',
            $store,
        ));
    }

    /**
     * Nothing in the store reads as a record, but it is not empty either: it is some
     * other file, or all of it is damaged.
     */
    public static function notAStore(string $store, int $damaged): self
    {
        return self::aboutTheStore(\sprintf(
            '%s is not a usage store: none of its lines is a record of Preheat\'s recorder (%d damaged %s skipped). '
            .'Name the file the recorder writes (preheat record --install prints it), '
            .'or move this one away and record anew.',
            $store,
            $damaged,
            1 === $damaged ? 'line' : 'lines',
        ));
    }

    /** @param list<string> $checks what to check, from EmptyStoreDiagnosis */
    public static function nothingRecorded(string $store, bool $missing, array $checks): self
    {
        return new self(\sprintf(
            "No traffic recorded yet in %s%s. What to check:\n%s",
            $store,
            $missing ? ' (the file does not exist)' : '',
            implode("\n", array_map(static fn (string $check): string => '  - '.$check, $checks)),
        ));
    }

    public static function mergeIntoSource(string $store): self
    {
        return new self(\sprintf(
            'The store to merge into, %s, is also one of the stores merged: '
            .'merge into another store, or its counts would be added to themselves.',
            $store,
        ), Setting::MergeTarget);
    }
}
