<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/**
 * Everything a store holds, added up: sampled requests, per-file counts, the time window, which
 * servers contributed, how many damaged records were skipped while reading, and how many sampled
 * requests recorders had to drop.
 */
final class UsageSnapshot
{
    /**
     * @param array<string, int> $fileCounts absolute path => sampled requests that loaded it
     * @param list<string>       $servers
     */
    public function __construct(
        public readonly int $requests,
        public readonly array $fileCounts,
        public readonly ?int $from,
        public readonly ?int $to,
        public readonly array $servers = [],
        public readonly StoreReading $reading = new StoreReading(),
        /**
         * @var array<string, int> absolute path => sampled requests that loaded it, as the recorder could
         *                         tell, outside any autoloader (by an explicit require or include)
         */
        public readonly array $requiredCounts = [],
        /** what the counts are: sampled requests, or php-fpm's loads of scripts */
        public readonly UsageCounts $counts = UsageCounts::SampledRequests,
    ) {
    }

    /**
     * Files every recorded load of which was outside any autoloader: the recorder saw each request
     * that loaded it, and none loaded it from inside an autoloader. Records of recorders that could
     * not tell (older formats, or an autoloader registered before the recorder) count against it.
     *
     * @return list<string>
     */
    public function onlyRequiredFiles(): array
    {
        $files = [];
        foreach ($this->fileCounts as $path => $count) {
            if ($count > 0 && ($this->requiredCounts[$path] ?? 0) >= $count) {
                $files[] = (string) $path;
            }
        }

        return $files;
    }

    public function isEmpty(): bool
    {
        return 0 === $this->requests;
    }

    /** The share of sampled requests that loaded a file, 0..1. */
    public function share(string $path): float
    {
        return $this->requests > 0 ? ($this->fileCounts[$path] ?? 0) / $this->requests : 0.0;
    }

    /**
     * Files by how many requests loaded them, most first (ties by path, so the order is stable).
     *
     * @return array<string, int>
     */
    public function ranked(): array
    {
        $counts = $this->fileCounts;
        uksort($counts, static fn (string $a, string $b): int => [$counts[$b], $a] <=> [$counts[$a], $b]);

        return $counts;
    }
}
