<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Php\PhpSettings;
use Preheat\Plan\CapacityFit;
use Preheat\Plan\PlanResult;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Script\Verify\LimitEstimate;
use Preheat\Script\Verify\OpcacheRoom;
use Preheat\Script\Verify\StartupChecks;
use Preheat\Script\Verify\VerificationReport;

/**
 * Chooses the part of a plan that fits OPcache's interned-string buffer and shared memory as the php.ini
 * sets them. What the last boot measured is scaled to bytes per byte of source (interned strings and OPcache
 * memory alike), with headroom; files are then taken, each with the files it needs to link, most shared first:
 * the file that the most planned classes need (as parent, interface or trait, transitively), then the smaller,
 * then by path. A given ranking (the hot or trace strategy's order) comes before that.
 */
final class CapacityFitter
{
    /** Share of a limit the fitted plan aims at, so that the next boot fits despite the estimate's error. */
    private const HEADROOM = 0.85;

    /** OPcache memory is flagged from this share on (StartupChecks): aim below it. */
    private const MEMORY_SHARE = 0.8;

    /** Bytes of OPcache memory per byte of source when the boot could not measure it (see MemoryEstimate). */
    private const DEFAULT_MEMORY_PER_SOURCE_BYTE = 3.0;

    /**
     * The least share of the average bytes per source byte that leaving a file out is counted to save, for the most
     * a fitted plan may need: a dropped file's strings that kept files share stay interned. Measured from 0.78 to
     * 1.09 over 17 fits of five corpus apps and Debian's /usr/share/php with buffers of 3 to 8 MB, 0.74 for a
     * second fit against the first (`bench/fit-estimate.sh`); set below the least, for apps not measured.
     */
    private const LEAST_SAVING = 0.6;

    /** How close to a limit the most a fit may need must not come for it to go without a boot: 2%, 64 KB at least. */
    private const MARGIN = 0.02;

    private const MARGIN_BYTES = 65536;

    /**
     * Bytes of interned strings per byte of source before a boot has measured any: 0.20 on the synthetic app of
     * bench/synthetic-app.php, 0.31 on Debian's /usr/share/php (the whole plan's, with PHP 8.2).
     */
    private const TYPICAL_INTERNED_PER_SOURCE_BYTE = 0.25;

    /**
     * How many times a limit's room a plan's estimate must be for it to be fitted before its first boot: a plan the
     * php.ini's sizes hold, or nearly, keeps being booted whole and fitted by what PHP measured (its real figure
     * would have to be under half the typical one for the estimate to take it for one so far over).
     */
    private const FAR_OVER = 2.0;

    /**
     * What does not fit, by the report: the setting, and how many bytes of source the plan may keep.
     *
     * @return list<Overflow> each finding on a capacity setting, with the source bytes that fit it
     */
    public function overflows(VerificationReport $report, PlanResult $result): array
    {
        $room = $report->room;
        if (null === $room) {
            return [];
        }
        $source = $this->sourceBytes($result, array_map(static fn ($f): string => $f->path, $result->plan->included));
        if (0 === $source) {
            return [];
        }
        $overflows = [];
        foreach ($report->findings as $finding) {
            $limit = self::limit($finding->setting, $room, $report);
            if (null === $limit) {
                continue;
            }
            [$free, $measured] = $limit;
            if ('opcache.interned_strings_buffer' === $finding->setting && $room->internedBufferBytes > 0) {
                // Measured with a larger buffer when known; otherwise the buffer was too small by an unknown amount:
                // halve.
                $perSource = null !== $measured ? max(1, $measured) / $source : 2 * max(1, (int) $free) / $source;
                $overflows[$finding->setting] = new Overflow(
                    $finding,
                    (int) (max(0, $free) * self::HEADROOM / $perSource),
                );
            }
            if ('opcache.memory_consumption' === $finding->setting && $room->memoryBytes > 0) {
                $perSource = null !== $measured ? $measured / $source : self::DEFAULT_MEMORY_PER_SOURCE_BYTE;
                $overflows[$finding->setting] = new Overflow(
                    $finding,
                    (int) (max(0, $free) * self::HEADROOM / $perSource),
                );
            }
        }

        return array_values($overflows);
    }

    /**
     * Before any boot: for each of the php.ini's OPcache sizes the typical bytes per byte of source put the plan
     * FAR_OVER times over, the bytes of source it may keep to take about the room itself (the boot that verifies it
     * then measures the real figure, and the fit that follows goes by it). A plan that far over would otherwise have
     * PHP compile every file of it in the boot, and most of them only to be left out: a large app's boot then needs
     * gigabytes. Empty when no size is that far over, or none is known.
     *
     * @return array<string, int> setting => source bytes the plan may keep
     */
    public function farOver(PlanResult $result, PhpSettings $settings): array
    {
        $source = $this->sourceBytes($result, array_map(static fn ($f): string => $f->path, $result->plan->included));
        $perSourceByte = [
            'opcache.interned_strings_buffer' => self::TYPICAL_INTERNED_PER_SOURCE_BYTE,
            'opcache.memory_consumption' => MemoryEstimate::DEFAULT_BYTES_PER_SOURCE_BYTE,
        ];
        $keep = [];
        foreach ($perSourceByte as $setting => $perByte) {
            $bytes = $settings->bytes($setting);
            $room = null === $bytes || $bytes <= 0
                ? null
                : ('opcache.memory_consumption' === $setting ? self::MEMORY_SHARE * $bytes : (float) $bytes);
            if (null !== $room && $source * $perByte > self::FAR_OVER * $room) {
                $keep[$setting] = (int) ($room / $perByte);
            }
        }

        return $keep;
    }

    /**
     * What a plan that keeps $keptShare of the booted plan's source bytes (keptShare()) takes of each limit that
     * overflowed, scaled from what the boot of the whole plan measured: expected in proportion to the source bytes
     * kept (as the fit assumed), at most with each dropped source byte counted to save only LEAST_SAVING of the
     * average. Null when it cannot be told without a boot: the boot did not measure what overflowed.
     *
     * @return non-empty-list<LimitEstimate>|null
     */
    public function estimate(VerificationReport $report, float $keptShare): ?array
    {
        $room = $report->room;
        if (null === $room) {
            return null;
        }
        $limits = [];
        foreach ($report->findings as $finding) {
            $limit = self::limit($finding->setting, $room, $report);
            if (null === $limit) {
                continue;
            }
            [$free, $measured] = $limit;
            if (null === $measured || $free <= 0) {
                return null;
            }
            $limits[$finding->setting] = new LimitEstimate(
                (string) $finding->setting,
                (int) $free,
                $measured,
                (int) ceil($measured * $keptShare),
                (int) ceil($measured * (1 - self::LEAST_SAVING * (1 - $keptShare))),
            );
        }

        return [] === $limits ? null : array_values($limits);
    }

    /**
     * The share of the booted plan's source bytes the fitted plan keeps; null when the fitted plan is not a part of
     * the booted one (what the boot told is then not about its files), or the booted plan has no source.
     */
    public function keptShare(PlanResult $booted, PlanResult $fitted): ?float
    {
        $bootedPaths = array_map(static fn ($f): string => $f->path, $booted->plan->included);
        $keptPaths = array_map(static fn ($f): string => $f->path, $fitted->plan->included);
        $source = $this->sourceBytes($booted, $bootedPaths);

        return 0 === $source || [] !== array_diff($keptPaths, $bootedPaths)
            ? null
            : $this->sourceBytes($fitted, $keptPaths) / $source;
    }

    /**
     * A capacity limit as the boot measured it: the bytes the php.ini leaves the preload under $setting, and what
     * the preload took of them (null: not measured). Null for a setting that is no capacity limit.
     *
     * @return array{float, int|null}|null
     */
    private static function limit(?string $setting, OpcacheRoom $room, VerificationReport $report): ?array
    {
        // A boot that ran out of shared memory preloaded nothing: PHP's warning names the piece it could not have.
        $shortfall = StartupChecks::sharedMemoryShortfall($report->messages);

        return match ($setting) {
            'opcache.interned_strings_buffer' => [
                (float) ($room->internedBufferBytes - $room->internedBaselineBytes),
                $room->internedNeededBytes,
            ],
            'opcache.memory_consumption' => [
                self::MEMORY_SHARE * $room->memoryBytes - $room->memoryBaselineBytes,
                $room->preloadMemoryBytes > 0 ? $room->preloadMemoryBytes : $shortfall[0] ?? null,
            ],
            default => null,
        };
    }

    /** Whether even the most the fitted plan may take of the limit leaves room, by MARGIN: then no boot need tell. */
    public function leavesRoom(LimitEstimate $limit): bool
    {
        return $limit->atMostBytes <= min(
            $limit->roomBytes * (1 - self::MARGIN),
            $limit->roomBytes - self::MARGIN_BYTES,
        );
    }

    /**
     * The files to keep (each with its link closure) within $sourceBytes of source; the planner leaves the
     * others out with $why.
     *
     * @param list<string> $ranking files to take first, in this order (a strategy's choice)
     */
    public function fit(PlanResult $result, int $sourceBytes, array $ranking, string $why): CapacityFit
    {
        $files = array_map(static fn ($f): string => $f->path, $result->plan->included);
        $needs = $this->linkNeeds($result);
        $closures = [];
        $dependents = array_fill_keys($files, 0);
        foreach ($files as $path) {
            $closures[$path] = $this->closure($path, $needs);
            foreach ($closures[$path] as $needed) {
                if ($needed !== $path) {
                    ++$dependents[$needed];
                }
            }
        }
        $sizes = [];
        foreach ($files as $path) {
            $sizes[$path] = $this->sourceBytes($result, [$path]);
        }
        $first = array_flip(array_values(array_filter($ranking, static fn (string $p): bool => isset($sizes[$p]))));
        $order = $files;
        usort(
            $order,
            static fn (string $a, string $b): int => [
                $first[$a] ?? \PHP_INT_MAX,
                -$dependents[$a],
                $sizes[$a],
                $a,
            ] <=> [$first[$b] ?? \PHP_INT_MAX, -$dependents[$b], $sizes[$b], $b],
        );
        $kept = [];
        $used = 0;
        foreach ($order as $path) {
            if (isset($kept[$path])) {
                continue;
            }
            $added = array_values(array_filter($closures[$path], static fn (string $p): bool => !isset($kept[$p])));
            $cost = array_sum(array_map(static fn (string $p): int => $sizes[$p], $added));
            if ($used + $cost > $sourceBytes) {
                continue;
            }
            $used += $cost;
            foreach ($added as $p) {
                $kept[$p] = true;
            }
        }

        return new CapacityFit(array_map('strval', array_keys($kept)), $why);
    }

    /**
     * Planned file => the planned files declaring what its classes need to link (parent, interfaces, traits).
     *
     * @return array<string, list<string>>
     */
    private function linkNeeds(PlanResult $result): array
    {
        $provider = [];
        foreach ($result->plan->included as $file) {
            foreach ($file->classes as $class) {
                $provider[strtolower($class)] = $file->path;
            }
        }
        $needs = [];
        foreach ($result->plan->included as $file) {
            $needs[$file->path] = [];
            foreach ($result->scan->inventory->file($file->path)?->linkedClasses() ?? [] as $declaration) {
                foreach ($declaration->linkDependencies() as $dependency) {
                    $path = $provider[strtolower(ltrim($dependency, '\\'))] ?? null;
                    if (null !== $path && $path !== $file->path) {
                        $needs[$file->path][] = $path;
                    }
                }
            }
        }

        return $needs;
    }

    /**
     * @param array<string, list<string>> $needs
     *
     * @return list<string> the file and every file it needs, transitively
     */
    private function closure(string $path, array $needs): array
    {
        $seen = [$path => true];
        $queue = [$path];
        while ([] !== $queue) {
            foreach ($needs[array_pop($queue)] ?? [] as $next) {
                if (!isset($seen[$next])) {
                    $seen[$next] = true;
                    $queue[] = $next;
                }
            }
        }

        return array_keys($seen);
    }

    /** @param list<string> $paths */
    private function sourceBytes(PlanResult $result, array $paths): int
    {
        $bytes = 0;
        foreach ($paths as $path) {
            $file = $result->scan->inventory->file($path);
            $bytes += null !== $file ? $file->stamp->size : (int) @filesize($path);
        }

        return $bytes;
    }
}
