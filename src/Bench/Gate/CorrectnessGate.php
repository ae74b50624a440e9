<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

use Preheat\Bench\Config\UrlSpec;
use Preheat\Server\Page;
use Preheat\Server\PageFetcher;
use Preheat\Server\PageSource;
use Preheat\Util\DisplayString;

/**
 * Before anything is timed: every page must answer 2xx with its expected text, and every scenario
 * the same status, Location and body as the baseline. What changes between identical requests
 * (tokens, ids, times) is learned by fetching each baseline page several times, a little apart, and
 * masked; the server's own address is masked, every spelling of a character read as one
 * (EscapedCharacters) and the user's masks applied first. A preload script that changes a page (a
 * define() that never ran, say) breaks its scenario, which is then reported, with the first differing
 * bytes of both sides, the value that differs and the bench.masks entry that would accept it
 * (AcceptingMask), and not measured. A difference counts when a second request shows one too.
 */
final class CorrectnessGate implements ScenarioGate
{
    /**
     * Seconds the gate waits for a page at least, whatever bench.timeout allows the load: the gate judges what a
     * page says, not how fast, and the first request of a cold server (every file compiled) that a busy machine
     * makes ten times slower must not fail it.
     */
    public const MIN_FETCH_SECONDS = 60.0;

    /**
     * @param int   $samples how many times each baseline page is fetched (at least 2)
     * @param float $spacing seconds from the end of a page's first fetch to the start of its last, so
     *                       that times printed to the second differ between the first and the last even
     *                       when the first fetch is slow and ends near a second's boundary
     */
    public function __construct(
        private readonly PageSource $pages,
        private readonly BodyMasker $masker,
        private readonly VolatileRegionLearner $learner = new VolatileRegionLearner(),
        private readonly int $samples = 3,
        private readonly float $spacing = 1.0,
    ) {
        if ($samples < 2) {
            $message = 'The gate needs at least two samples of each page to learn what changes.';
            throw new \InvalidArgumentException($message);
        }
    }

    /** A bench run's gate: pages fetched over loopback, waited for up to bench.timeout or MIN_FETCH_SECONDS. */
    public static function overLoopback(float $requestTimeout, BodyMasker $masker): self
    {
        return new self(new PageFetcher(max($requestTimeout, self::MIN_FETCH_SECONDS)), $masker);
    }

    /**
     * @param list<UrlSpec>            $urls
     * @param callable(string): string $urlFor path => URL of the baseline's server
     */
    public function baseline(string $scenario, array $urls, callable $urlFor): GateBaseline
    {
        $samples = [];
        $firstEnded = [];
        $last = $this->samples - 1;
        for ($round = 0; $round <= $last; ++$round) {
            foreach ($urls as $url) {
                // Later fetches are spread evenly after the END of the first: a slow first fetch (a cold
                // cache) must not eat the pause, or every sample shows the same second.
                if ($round > 0) {
                    $left = $firstEnded[$url->path] + $this->spacing * $round / $last - microtime(true);
                    if ($left > 0) {
                        usleep((int) ceil($left * 1e6));
                    }
                }
                $samples[$url->path][] = $this->pages->get($urlFor($url->path));
                if (0 === $round) {
                    $firstEnded[$url->path] = microtime(true);
                }
            }
        }

        $address = AddressMask::forUrl($urlFor('/'));
        $problems = [];
        $notes = [];
        $expected = [];
        foreach ($urls as $url) {
            $pages = $samples[$url->path];
            $problem = $this->servingProblem($url, $pages);
            if (null !== $problem) {
                $problems[] = $problem;
                continue;
            }
            $bodies = array_map(fn (Page $p): string => $this->normalized($p->body, $address), $pages);
            $expected[$url->path] = $page = new ExpectedPage(
                $url->path,
                $pages[0]->status,
                $this->learner->learn(array_map(
                    fn (Page $p): string => $this->normalized((string) $p->location, $address),
                    $pages,
                )),
                $this->learner->learn($bodies),
                $bodies,
            );
            $regions = \count($page->body->regions);
            if ($regions > 0) {
                $notes[] = \sprintf(
                    '%s: %d part(s) change between identical requests and are masked%s',
                    $url->path,
                    $regions,
                    $page->body->exact ? '' : ' (the pages differ too much to align word by word: one span is masked)',
                );
            }
        }

        return new GateBaseline(new GateResult($scenario, $problems, $notes), $expected);
    }

    /**
     * @param list<UrlSpec>            $urls
     * @param callable(string): string $urlFor path => URL of this scenario's server
     */
    public function check(string $scenario, array $urls, callable $urlFor, GateBaseline $baseline): GateResult
    {
        $address = AddressMask::forUrl($urlFor('/'));
        $problems = [];
        foreach ($urls as $url) {
            $expected = $baseline->pages[$url->path] ?? null;
            if (null === $expected) {
                continue;
            }
            // A difference must show twice: what preloading breaks, it breaks on every request; a
            // value that changes rarely (and happened not to change while the baseline was sampled) does not.
            $differs = fn (): ?string => $this->difference(
                $scenario,
                $url,
                $expected,
                $this->pages->get($urlFor($url->path)),
                $address,
            );
            $problem = $differs();
            if (null !== $problem && null !== $differs()) {
                $problems[] = $problem;
            }
        }

        return new GateResult($scenario, $problems);
    }

    private function difference(
        string $scenario,
        UrlSpec $url,
        ExpectedPage $expected,
        Page $page,
        AddressMask $address,
    ): ?string {
        $location = $expected->location->compare($this->normalized((string) $page->location, $address));
        if (null !== $page->error || $page->status !== $expected->status || !$location->same()) {
            return \sprintf(
                '%s answered %s where the baseline answered HTTP %d%s%s',
                $url->path,
                $page->error ?? 'HTTP '.$page->status.(null === $page->location ? '' : ' to '.$location->actual),
                $expected->status,
                '' === $location->expected ? '' : ' to '.$location->expected,
                '' === trim($page->body) || $page->isSuccess() ? '' : ': '.self::excerpt($page->body),
            );
        }
        if (null !== $url->expect && !str_contains($page->body, $url->expect)) {
            return \sprintf('%s does not contain the expected text "%s"', $url->path, $url->expect);
        }
        $body = $this->normalized($page->body, $address);
        $difference = $expected->body->compare($body)->firstDifference();
        if (null === $difference) {
            return null;
        }
        $problem = $url->path." differs from the baseline:\n".$difference->render('baseline', $scenario);
        $mask = AcceptingMask::find($this->learner, $expected->bodySamples, $body);
        if (null === $mask) {
            return $problem;
        }
        $problem .= \sprintf(
            "\nthe value that differs: %s in the baseline, %s in %s",
            self::quoted($mask->expected),
            self::quoted($mask->actual),
            $scenario,
        );

        return [] === $mask->patterns ? $problem : $problem.\sprintf(
            "\nif it changes between identical requests (it is no break), %s: %s",
            1 === \count($mask->patterns) ? 'this bench.masks entry accepts it' : 'these bench.masks entries accept it',
            $mask->entry(),
        );
    }

    /** @param non-empty-list<Page> $pages */
    private function servingProblem(UrlSpec $url, array $pages): ?string
    {
        foreach ($pages as $page) {
            if (!$page->isSuccess()) {
                return \sprintf('%s answered %s', $url->path, $page->describeAnswer())
                    .('' === trim($page->body) ? '' : ': '.self::excerpt($page->body));
            }
            if (null !== $url->expect && !str_contains($page->body, $url->expect)) {
                return \sprintf('%s does not contain the expected text "%s"', $url->path, $url->expect);
            }
        }

        return null;
    }

    private function normalized(string $text, AddressMask $address): string
    {
        return $this->masker->mask(EscapedCharacters::decoded($address->mask($text)));
    }

    /** Quoted, cut at 80 characters, non-UTF-8 and control bytes escaped: one line on a terminal. */
    private static function quoted(string $value): string
    {
        $shown = DisplayString::of(mb_strlen($value) > 80 ? mb_substr($value, 0, 80).'…' : $value);
        $shown = (string) preg_replace_callback(
            '/[\x00-\x1f\x7f]/',
            static fn (array $m): string => \sprintf('\\x%02X', \ord($m[0])),
            $shown,
        );

        return '"'.$shown.'"';
    }

    private static function excerpt(string $body): string
    {
        $text = trim((string) preg_replace('/\s+/', ' ', strip_tags($body)));

        return mb_strlen($text) > 200 ? mb_substr($text, 0, 200).'…' : $text;
    }
}
