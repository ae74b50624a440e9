<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Plan\Explanation;
use Preheat\Util\RelativePath;

final class ExplanationRenderer
{
    /** @return list<string> */
    public function text(Explanation $explanation, string $root): array
    {
        $where = null === $explanation->file ? '' : \sprintf(' (%s)', RelativePath::of($explanation->file, $root));
        if ($explanation->included) {
            $lines = [\sprintf('<info>IN</info>  %s%s is preloaded.', $explanation->subject, $where)];
            if ('' !== $explanation->note) {
                $lines[] = '  '.$explanation->note;
            }

            return $lines;
        }
        $lines = [\sprintf('<comment>OUT</comment> %s%s is not preloaded.', $explanation->subject, $where)];
        foreach ($explanation->chain as $depth => $step) {
            $indent = str_repeat('  ', $depth + 1);
            $location = null === $step->file || $step->file === $explanation->file ? '' : \sprintf(' [%s]', RelativePath::of($step->file, $root));
            $lines[] = null === $step->exclusion
                ? \sprintf('%s%s%s', $indent, $step->subject, $location)
                : \sprintf('%s%s%s: %s', $indent, 0 === $depth ? 'because' : '← '.$step->subject, $location, $step->exclusion->message);
        }
        if ('' !== $explanation->note) {
            $lines[] = '  '.$explanation->note;
        }

        return $lines;
    }

    /** @return array<string, mixed> */
    public function json(Explanation $explanation, string $root): array
    {
        return [
            'subject' => $explanation->subject,
            'kind' => $explanation->kind,
            'found' => $explanation->found,
            'included' => $explanation->included,
            'file' => null === $explanation->file ? null : RelativePath::of($explanation->file, $root),
            'chain' => array_map(static fn ($s): array => [
                'subject' => $s->subject,
                'file' => null === $s->file ? null : RelativePath::of($s->file, $root),
            ] + ($s->exclusion?->toArray() ?? []), $explanation->chain),
            'note' => $explanation->note,
        ];
    }
}
