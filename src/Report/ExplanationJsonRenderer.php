<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Plan\Explanation;
use Preheat\Report\Json\PlanJson;
use Preheat\Util\RelativePath;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat explain --format=json`: the name, whether it is preloaded, and each step of the chain with its reason.
 *
 * @implements Renderer<ExplainReport>
 */
final class ExplanationJsonRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $output->writeln(
            Json::encode($this->json($report->explanation, $report->projectRoot)),
            OutputInterface::OUTPUT_RAW,
        );
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
            ] + (null === $s->exclusion ? [] : PlanJson::exclusion($s->exclusion)), $explanation->chain),
            'note' => $explanation->note,
        ];
    }
}
