<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Inventory\SkippedPath;
use Preheat\Note;
use Preheat\Plan\PlanResult;
use Preheat\Util\RelativePath;
use Symfony\Component\Console\Formatter\OutputFormatter;

/** What a plan scanned, skipped and followed, for the text and JSON reports of `generate` and `explain`. */
final class ScanSummary
{
    private const SHOWN = 10;

    /**
     * @param (\Closure(Note): string)|null $describe how a warning reads: the console adds the option of its setting
     */
    public function __construct(private readonly ?\Closure $describe = null)
    {
    }

    public function warning(Note $warning): string
    {
        return null === $this->describe ? $warning->message : ($this->describe)($warning);
    }

    /** @return list<string> */
    public function text(PlanResult $result, bool $verbose): array
    {
        $plan = $result->plan;
        $root = $plan->projectRoot;
        $selection = $result->scan->selection;
        if (null === $selection) {
            return [
                OutputFormatter::escape(\sprintf(
                    '  Scanned    %d files under %s',
                    $plan->scannedFiles,
                    implode(
                        ', ',
                        array_map(static fn (string $r): string => RelativePath::orDot($r, $root), $plan->roots),
                    ),
                )),
            ];
        }
        $roots = array_map(
            static fn ($r): string => \sprintf('%s (%d)', RelativePath::orDot($r->path, $root), $r->files),
            $selection->roots,
        );
        $lines = [\sprintf('  Scanned    %d files under %s', $plan->scannedFiles, implode(', ', $roots))];
        $links = array_map(
            static fn ($l): string => \sprintf('%s -> %s', RelativePath::orDot($l->link, $root), $l->target),
            $selection->links,
        );
        if ([] !== $links) {
            $shown = $verbose ? $links : \array_slice($links, 0, self::SHOWN);
            $lines[] = \sprintf(
                '  Followed   %d directory links: %s%s',
                \count($links),
                implode(', ', $shown),
                \count($shown) < \count($links) ? ', ... (-v for all)' : '',
            );
        }
        $skipped = array_map(
            static fn (SkippedPath $s): string => \sprintf(
                '%s (%s%s)',
                RelativePath::orDot($s->path, $root),
                $s->why,
                $s->checkedForDuplicates ? '; read for duplicate declarations only' : '',
            ),
            $selection->skipped,
        );
        if ([] !== $skipped) {
            $shown = $verbose ? $skipped : \array_slice($skipped, 0, self::SHOWN);
            $lines[] = \sprintf(
                '  Skipped    %d: %s%s',
                \count($skipped),
                implode(', ', $shown),
                \count($shown) < \count($skipped)
                    ? ', ... (-v for all; --include-dir=DIR scans one)'
                    : ' (--include-dir=DIR scans one)',
            );
        }
        if ([] !== $selection->context) {
            $lines[] = \sprintf(
                '  Also read  %d other files of the app, for duplicate declarations only (tests, docs and tools are '
                .'not part of the app)',
                \count($selection->context),
            );
        }
        // Paths and reasons come from the project: console markup in them is printed as written.
        $lines = array_map(OutputFormatter::escape(...), $lines);
        foreach ($result->warnings as $warning) {
            $lines[] = '  <comment>Warning</comment>    '.OutputFormatter::escape($this->warning($warning));
        }

        return $lines;
    }

    /** @return array<string, mixed> */
    public function json(PlanResult $result): array
    {
        $root = $result->plan->projectRoot;
        $selection = $result->scan->selection;

        return [
            'roots' => array_map(
                static fn ($r): array => ['path' => RelativePath::orDot($r->path, $root), 'files' => $r->files],
                $selection->roots ?? [],
            ),
            'skipped' => array_map(static fn (SkippedPath $s): array => [
                'path' => RelativePath::orDot($s->path, $root),
                'reason' => $s->reason,
                'why' => $s->why,
                'checkedForDuplicates' => $s->checkedForDuplicates,
            ], $selection->skipped ?? []),
            'links' => array_map(
                static fn ($l): array => ['link' => RelativePath::orDot($l->link, $root), 'target' => $l->target],
                $selection->links ?? [],
            ),
            'duplicateCheckOnlyFiles' => \count($selection->context ?? []),
            'composerJson' => $result->project->hasComposerJson,
            'warnings' => array_map($this->warning(...), $result->warnings),
        ];
    }
}
