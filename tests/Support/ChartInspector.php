<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Symfony\Component\Process\Process;

/**
 * Renders an SVG chart in headless Chromium and measures every <text> in the page: its box as the browser
 * laid it out (getBBox), against the box it must stay in (the nearest data-box of its ancestors, else the
 * canvas), and against every other text. What a screenshot would only show is read as numbers.
 *
 * Chromium runs with a profile of its own in a temp directory (and --no-sandbox as root, which its sandbox
 * refuses), bounded in time; when it overruns it is stopped by its PID.
 */
final class ChartInspector
{
    /** Overlaps and overflows smaller than this (in pixels) are rounding, not a defect. */
    private const TOLERANCE = 0.5;

    private const SCRIPT = <<<'JS'
        const svg = document.querySelector('svg');
        const view = svg.viewBox.baseVal;
        const canvas = [view.x, view.y, view.width, view.height];
        const texts = [];
        for (const element of svg.querySelectorAll('text')) {
            const box = element.getBBox();
            const owner = element.parentElement.closest('[data-box]');
            texts.push({
                text: element.textContent,
                class: element.getAttribute('class') || '',
                x: box.x, y: box.y, width: box.width, height: box.height,
                length: element.getComputedTextLength(),
                box: owner ? owner.getAttribute('data-box').split(' ').map(Number) : canvas,
            });
        }
        const family = getComputedStyle(svg).fontFamily;
        document.getElementById('out').textContent = JSON.stringify({canvas, family, texts});
        JS;

    public static function binary(): ?string
    {
        foreach (['chromium', 'chromium-browser'] as $name) {
            $finder = new Process(['sh', '-c', 'command -v '.$name]);
            $finder->run();
            if ($finder->isSuccessful() && '' !== trim($finder->getOutput())) {
                return trim($finder->getOutput());
            }
        }

        return null;
    }

    /**
     * What is wrong with the chart as Chromium lays it out, one line each: a text that leaves its box or the
     * canvas, two texts on top of each other, a text cut with "…". An empty list: every text is whole and in place.
     *
     * @return list<string>
     */
    public static function problems(string $svg): array
    {
        $measured = self::measure($svg);
        $problems = [];
        [$cx, $cy, $cw, $ch] = $measured['canvas'];
        $texts = $measured['texts'];
        foreach ($texts as $i => $text) {
            $name = \sprintf('%s "%s"', $text['class'], $text['text']);
            if (str_ends_with(rtrim($text['text']), '…')) {
                $problems[] = $name.' is cut with "…"';
            }
            foreach (['its box' => $text['box'], 'the canvas' => [$cx, $cy, $cw, $ch]] as $what => $box) {
                [$bx, $by, $bw, $bh] = $box;
                $out = [
                    'left' => $bx - $text['x'],
                    'right' => $text['x'] + $text['width'] - ($bx + $bw),
                    'top' => $by - $text['y'],
                    'bottom' => $text['y'] + $text['height'] - ($by + $bh),
                ];
                foreach ($out as $side => $by_) {
                    if ($by_ > self::TOLERANCE) {
                        $problems[] = \sprintf('%s overflows %s on the %s by %.1f px', $name, $what, $side, $by_);
                    }
                }
            }
            foreach (\array_slice($texts, $i + 1) as $other) {
                $overlapX = min($text['x'] + $text['width'], $other['x'] + $other['width']) - max($text['x'], $other['x']);
                $overlapY = min($text['y'] + $text['height'], $other['y'] + $other['height']) - max($text['y'], $other['y']);
                // A line's box includes its font's leading: lines of one paragraph touch by a pixel or two.
                if ($overlapX > self::TOLERANCE && $overlapY > 3.0) {
                    $problems[] = \sprintf('%s overlaps %s "%s"', $name, $other['class'], $other['text']);
                }
            }
        }

        return $problems;
    }

    /**
     * @return array{canvas: array{float, float, float, float}, family: string, texts: list<array{text: string,
     *     class: string, x: float, y: float, width: float, height: float, length: float,
     *     box: array{float, float, float, float}}>}
     */
    public static function measure(string $svg): array
    {
        $binary = self::binary();
        if (null === $binary) {
            throw new \RuntimeException('Chromium is not installed: run scripts/install-deps.sh test.');
        }
        $directory = new TemporaryDirectory('preheat-chromium-');
        try {
            $inline = (string) preg_replace('/^<\?xml[^>]*>\s*/', '', $svg);
            $page = $directory->path.'/page.html';
            file_put_contents(
                $page,
                "<!doctype html>\n<html><head><meta charset=\"utf-8\"><style>body{margin:0}</style></head><body>\n"
                .$inline."\n<pre id=\"out\"></pre>\n<script>\n".self::SCRIPT."\n</script></body></html>\n",
            );
            $command = [
                $binary, '--headless', '--disable-gpu', '--no-first-run', '--disable-extensions',
                '--user-data-dir='.$directory->path.'/profile', '--dump-dom', 'file://'.$page,
            ];
            if (0 === posix_geteuid()) {
                $command[] = '--no-sandbox';
            }
            $chromium = new Process($command, $directory->path, ['HOME' => $directory->path], null, 60);
            try {
                $chromium->run();
            } finally {
                // Process stops what it started (by its PID) when it overran its timeout; this is for an exception.
                if ($chromium->isRunning()) {
                    $chromium->stop(2);
                }
            }
            if (1 !== preg_match('#<pre id="out">(.*?)</pre>#s', $chromium->getOutput(), $match)) {
                throw new \RuntimeException('Chromium printed no measurements: '.$chromium->getErrorOutput());
            }
            $data = json_decode(
                html_entity_decode($match[1], \ENT_QUOTES | \ENT_HTML5, 'UTF-8'),
                true,
                512,
                \JSON_THROW_ON_ERROR,
            );
            \assert(\is_array($data));

            /** @var array{canvas: array{float, float, float, float}, family: string, texts: list<array{text: string, class: string, x: float, y: float, width: float, height: float, length: float, box: array{float, float, float, float}}>} $data */
            return $data;
        } finally {
            $directory->remove();
        }
    }
}
