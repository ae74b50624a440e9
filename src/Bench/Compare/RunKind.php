<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

use Preheat\Bench\Result\Environment;

/**
 * What two runs must share for their figures to be compared: the pages, and the kind of machine and load (CPU
 * model, cores, PHP version, load tool, concurrency). Anything else may differ (the duration of a run, the
 * rounds, the time of day): the figures compared are per request.
 */
final class RunKind
{
    /**
     * @param list<string> $pages       the pages loaded, in order
     * @param int|null     $concurrency connections the tool held open; null for a tool without (php-cgi)
     */
    public function __construct(
        public readonly array $pages,
        public readonly ?string $cpuModel,
        public readonly int $cores,
        public readonly string $php,
        public readonly string $tool,
        public readonly ?int $concurrency,
    ) {
    }

    public static function of(Environment $environment): self
    {
        return new self(
            $environment->urls,
            $environment->machine->cpuModel,
            $environment->machine->cores,
            $environment->phpSetup->version,
            $environment->loadTool->name,
            self::concurrency($environment->loadTool->settings),
        );
    }

    /**
     * The concurrency the tool's settings name ("wrk -t 1 -c 8 -d 2s ...", "ab -c 8 ..."); null for a tool that
     * names none.
     */
    public static function concurrency(string $toolSettings): ?int
    {
        return 1 === preg_match('/(?:^|\s)-c (\d+)/', $toolSettings, $match) ? (int) $match[1] : null;
    }

    /**
     * How this run differs from the earlier one in what a comparison needs, one line each ("CPU model: X, earlier
     * Y"); empty when they are alike.
     *
     * @return list<string>
     */
    public function differences(self $earlier): array
    {
        $pairs = [
            'pages' => [implode(' ', $this->pages), implode(' ', $earlier->pages)],
            'CPU model' => [$this->cpuModel ?? 'not known', $earlier->cpuModel ?? 'not known'],
            'cores' => [(string) $this->cores, (string) $earlier->cores],
            'PHP' => [$this->php, $earlier->php],
            'load tool' => [$this->tool, $earlier->tool],
            'concurrency' => [(string) ($this->concurrency ?? 'none'), (string) ($earlier->concurrency ?? 'none')],
        ];
        $differences = [];
        foreach ($pairs as $what => [$now, $then]) {
            if ($now !== $then) {
                $differences[] = \sprintf('%s: %s now, %s in the earlier run', $what, $now, $then);
            }
        }

        return $differences;
    }
}
