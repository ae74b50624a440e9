<?php

declare(strict_types=1);

namespace Preheat\Script\Write;

use Preheat\Plan\DropReason;
use Preheat\Plan\ForcedDrop;
use Preheat\Plan\ForcedDrops;
use Preheat\Plan\PreloadPlan;
use Preheat\Util\RelativePath;

/**
 * The lines of a preload script's header that record what PHP refused at the last verification (the
 * drops of the fix rounds), one JSON object per line, so that `preheat explain` can plan as `generate`
 * did. json_encode escapes "/" and newlines, so a line can never close the comment it is in.
 */
final class RefusedHeader
{
    private const PREFIX = 'preheat-refused: ';

    private const FITTED = 'preheat-fitted: ';

    /** @return list<string> header lines (without the comment's " * ") */
    public static function lines(PreloadPlan $plan): array
    {
        $entries = [];
        foreach ($plan->droppedClasses as $class) {
            if (
                DropReason::FailedVerification === $class->exclusion->reason
                && !str_starts_with($class->name, 'class@anonymous')
            ) {
                $entries[] = ['class' => $class->name, 'why' => $class->exclusion->message];
            }
        }
        foreach ($plan->droppedFiles as $file) {
            if (DropReason::FailedVerification !== $file->exclusion->reason) {
                continue;
            }
            foreach ($file->classes as $class) {
                if ($plan->droppedClass($class)?->exclusion === $file->exclusion) {
                    continue 2; // dropped because of one of its classes, recorded above
                }
            }
            $entries[] = [
                'file' => RelativePath::of($file->path, $plan->projectRoot),
                'why' => $file->exclusion->message,
            ];
        }
        $lines = [];
        if ([] !== $entries) {
            $lines = [
                '',
                'Refused by PHP at the last verification and left out (`preheat explain` reads these lines):',
            ];
            foreach ($entries as $entry) {
                $lines[] = self::PREFIX.json_encode($entry, \JSON_INVALID_UTF8_SUBSTITUTE | \JSON_UNESCAPED_UNICODE);
            }
        }
        foreach ($plan->droppedFiles as $file) {
            if (DropReason::OverIniCapacity === $file->exclusion->reason) {
                // One line for all of them: the planned files the script does not compile are the ones left out.
                array_push(
                    $lines,
                    '',
                    'Fitted to the php.ini\'s OPcache sizes (`preheat explain` reads this line):',
                    self::FITTED.json_encode(
                        ['why' => $file->exclusion->message],
                        \JSON_INVALID_UTF8_SUBSTITUTE | \JSON_UNESCAPED_UNICODE,
                    ),
                );
                break;
            }
        }

        return $lines;
    }

    /**
     * The script's header comment, where these lines are: only there, so that nothing further down (a
     * path, however written) can pass for one.
     */
    private static function header(string $script): string
    {
        $end = strpos($script, "\n */\n");

        return false === $end ? '' : substr($script, 0, $end);
    }

    /** Why the planned files a fitted script does not compile are out; null for a script that was not fitted. */
    public static function fitted(string $script): ?string
    {
        if (1 !== preg_match('/^ \* '.preg_quote(self::FITTED, '/').'(\{.*\})$/m', self::header($script), $match)) {
            return null;
        }
        $entry = json_decode($match[1], true);

        return \is_array($entry) && \is_string($entry['why'] ?? null) ? $entry['why'] : null;
    }

    /** The forced drops recorded in a script, as PlanOptions takes them. */
    public static function read(string $script, string $projectRoot): ForcedDrops
    {
        $drops = [];
        $pattern = '/^ \* '.preg_quote(self::PREFIX, '/').'(\{.*\})$/m';
        if (false === preg_match_all($pattern, self::header($script), $matches)) {
            return new ForcedDrops();
        }
        foreach ($matches[1] as $json) {
            $entry = json_decode($json, true);
            if (!\is_array($entry) || !\is_string($entry['why'] ?? null)) {
                continue;
            }
            $said = preg_replace(
                '/^(PHP could not link it at start-up|PHP said at start-up): /',
                '',
                $entry['why'],
            ) ?? $entry['why'];
            if (\is_string($entry['class'] ?? null)) {
                $drops[] = ForcedDrop::recorded($entry['class'], false, $said);
            } elseif (\is_string($entry['file'] ?? null)) {
                $path = str_starts_with($entry['file'], '/') ? $entry['file'] : $projectRoot.'/'.$entry['file'];
                $drops[] = ForcedDrop::recorded(realpath($path) ?: $path, true, $said);
            }
        }

        return new ForcedDrops(...$drops);
    }
}
