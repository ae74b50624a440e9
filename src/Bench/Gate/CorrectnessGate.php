<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

use Preheat\Bench\Config\UrlSpec;

/**
 * Before anything is timed: every page must answer 2xx with its expected text, and, once volatile
 * parts are masked, the same body as the baseline scenario. A preload script that changes a page
 * (a define() that never ran, say) breaks its scenario, which is then reported and not measured.
 */
final class CorrectnessGate
{
    public function __construct(
        private readonly PageFetcher $fetcher,
        private readonly BodyMasker $masker,
    ) {
    }

    /**
     * @param list<UrlSpec>              $urls
     * @param callable(string): string   $urlFor         path => URL of the scenario's server
     * @param array<string, string>|null $baselineBodies path => masked body; null when this is the baseline
     * @param array<string, string>      $bodies         filled with this scenario's masked bodies
     */
    public function check(string $scenario, array $urls, callable $urlFor, ?array $baselineBodies, array &$bodies = []): GateResult
    {
        $problems = [];
        foreach ($urls as $url) {
            $page = $this->fetcher->get($urlFor($url->path));
            if (!$page->isSuccess()) {
                $problems[] = \sprintf('%s answered %s', $url->path, null === $page->error ? 'HTTP '.$page->status : $page->error)
                    .('' === trim($page->body) ? '' : ': '.self::excerpt($page->body));
                continue;
            }
            if (null !== $url->expect && !str_contains($page->body, $url->expect)) {
                $problems[] = \sprintf('%s does not contain the expected text "%s"', $url->path, $url->expect);
                continue;
            }
            // Each scenario has its own port, and apps write absolute URLs with it: compare without it.
            $authority = (string) parse_url($urlFor('/'), \PHP_URL_HOST).':'.(string) parse_url($urlFor('/'), \PHP_URL_PORT);
            $bodies[$url->path] = $this->masker->mask(str_replace($authority, '«server»', $page->body));
            if (null !== $baselineBodies && isset($baselineBodies[$url->path]) && $baselineBodies[$url->path] !== $bodies[$url->path]) {
                $problems[] = \sprintf("%s differs from the baseline:\n%s", $url->path, LineDiff::render($baselineBodies[$url->path], $bodies[$url->path]));
            }
        }

        return new GateResult($scenario, $problems);
    }

    private static function excerpt(string $body): string
    {
        $text = trim((string) preg_replace('/\s+/', ' ', strip_tags($body)));

        return mb_strlen($text) > 200 ? mb_substr($text, 0, 200).'…' : $text;
    }
}
