<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Gate;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\UrlSpec;
use Preheat\Bench\Gate\BodyMasker;
use Preheat\Bench\Gate\CorrectnessGate;
use Preheat\Bench\Gate\GateResult;
use Preheat\Server\Page;
use Preheat\Server\PageSource;
use Preheat\Server\Ports;
use Preheat\Tests\Support\FixturePages;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * The gate on fixture pages that change on every request as real apps' do (nonces, request ids,
 * login tokens, times, timings, the server's address in every encoding): identical scenarios pass
 * without a single hand-written mask, and real changes are caught and shown byte by byte.
 */
final class CorrectnessGateTest extends TestCase
{
    private const BASELINE = 8081;
    private const OTHER = 8082;

    public function testAPageThatChangesOnEveryRequestPassesNoneVersusNone(): void
    {
        $site = ['/' => ['body' => FixturePages::template('wiki.html')], '/api.php' => ['body' => FixturePages::template('api.json')]];

        $result = $this->compare($site, $site);

        self::assertSame([], $result->problems);
    }

    public function testTheServerAddressIsMaskedPlainUrlEncodedAndJsonEscaped(): void
    {
        $body = 'plain 127.0.0.1:{{port}}, url http%3A%2F%2F127.0.0.1%3A{{port}}%2Fx, twice 127.0.0.1%253A{{port}}, json "http:\/\/127.0.0.1:{{port}}\/x"';
        $pages = new FixturePages([
            self::BASELINE => ['/' => ['body' => str_replace('{{port}}', (string) self::BASELINE, $body)]],
            self::OTHER => ['/' => ['body' => str_replace('{{port}}', (string) self::OTHER, $body)]],
        ]);

        self::assertSame([], $this->check($pages)->problems);
    }

    public function testAChangeOnLineSixIsShownWithItsBytes(): void
    {
        $wiki = FixturePages::template('wiki.html');

        $result = $this->compare(['/' => ['body' => $wiki]], ['/' => ['body' => str_replace('<h1>Main Page</h1>', '<h1>Main Page (broken)</h1>', $wiki)]]);

        self::assertCount(1, $result->problems);
        self::assertStringStartsWith("/ differs from the baseline:\nfirst difference at line 6, column 20", $result->problems[0]);
        self::assertMatchesRegularExpression('{\n  baseline: …[^\n]*<body><h1>Main Page▶</h1>\\\\n<form action="http://«server»/login"}', $result->problems[0]);
        self::assertMatchesRegularExpression('{\n  other:    …[^\n]*<body><h1>Main Page▶ \(broken\)</h1>\\\\n}', $result->problems[0]);
    }

    public function testAChangePastColumn300OfOneLineJsonIsShownWithItsBytes(): void
    {
        $api = FixturePages::template('api.json');

        $result = $this->compare(['/api.php' => ['body' => $api]], ['/api.php' => ['body' => str_replace('"Hello from the fixture"', '"no greeting"', $api)]]);

        self::assertCount(1, $result->problems);
        self::assertSame(1, preg_match('/first difference at line 1, column (\d+)/', $result->problems[0], $column), $result->problems[0]);
        self::assertGreaterThan(300, (int) ($column[1] ?? 0));
        self::assertStringContainsString('"greeting":"▶Hello from the fixture","elapsed"«volatile»}', $result->problems[0]);
        self::assertStringContainsString('"greeting":"▶no greeting","elapsed"«volatile»}', $result->problems[0]);
    }

    public function testARedirectIsComparedWithItsLocationAndShown(): void
    {
        $wiki = FixturePages::template('wiki.html');

        $redirected = $this->compare(['/' => ['body' => $wiki]], ['/' => ['body' => '', 'status' => 302, 'location' => 'http://{{server}}/login?return=%2F']]);

        self::assertSame(['/ answered HTTP 302 to http://«server»/login?return=%2F where the baseline answered HTTP 200'], $redirected->problems);

        $elsewhere = $this->compare(
            ['/' => ['body' => $wiki, 'status' => 201, 'location' => 'http://{{server}}/wiki/Main_Page']],
            ['/' => ['body' => $wiki, 'status' => 201, 'location' => 'http://{{server}}/wiki/Other_Page']],
        );

        self::assertSame(['/ answered HTTP 201 to http://«server»/wiki/Other_Page where the baseline answered HTTP 201 to http://«server»/wiki/Main_Page'], $elsewhere->problems);
    }

    public function testABaselineThatRedirectsSaysWhere(): void
    {
        $gate = new CorrectnessGate(new FixturePages([self::BASELINE => ['/' => ['body' => 'moved', 'status' => 301, 'location' => 'http://{{server}}/doku.php']]]), new BodyMasker([]), spacing: 0.0);

        $baseline = $gate->baseline('none', [new UrlSpec('/')], self::urlFor(self::BASELINE));

        self::assertSame(['/ answered HTTP 301 to http://127.0.0.1:8081/doku.php: moved'], $baseline->result->problems);
    }

    public function testARealChangeIsCaughtBesideVolatileParts(): void
    {
        $wiki = FixturePages::template('wiki.html');
        $broken = str_replace('<li>Second</li>', '', $wiki);

        $result = $this->compare(['/' => ['body' => $wiki]], ['/' => ['body' => $broken]]);

        self::assertCount(1, $result->problems);
        self::assertStringContainsString('first difference at line 10, column 23', $result->problems[0]);
        self::assertStringContainsString('<ul><li>First</li><li>▶Second</li><li>Third</li></ul>', $result->problems[0]);
        self::assertStringContainsString('<ul><li>First</li><li>▶Third</li></ul>', $result->problems[0]);
        self::assertStringNotContainsString('bench.masks', $result->problems[0], 'no mask is offered for what no mask accepts');
    }

    public function testAVolatileValueTurningIntoSomethingElseIsCaught(): void
    {
        $wiki = FixturePages::template('wiki.html');

        $result = $this->compare(['/' => ['body' => $wiki]], ['/' => ['body' => str_replace('value="{{hex}}"', 'value="undefined"', $wiki)]]);

        self::assertCount(1, $result->problems);
        self::assertStringContainsString('name="sectok" value="▶undefined"', $result->problems[0]);
    }

    public function testADifferenceThatDoesNotShowAgainIsNotReported(): void
    {
        $pages = new FixturePages([
            self::BASELINE => ['/' => ['body' => 'rev 1 at 2026-01-01']],
            self::OTHER => ['/' => ['body' => 'rev 1 at 2026-01-01']],
        ]);
        $once = new class($pages) implements PageSource {
            private bool $changed = false;

            public function __construct(private readonly PageSource $pages)
            {
            }

            public function get(string $url): Page
            {
                $page = $this->pages->get($url);
                if (str_contains($url, ':8082') && !$this->changed) {
                    $this->changed = true; // the date rolled over on this one request

                    return new Page($url, 200, 'rev 1 at 2026-01-02');
                }

                return $page;
            }
        };
        $gate = new CorrectnessGate($once, new BodyMasker([]), spacing: 0.0);
        $baseline = $gate->baseline('none', [new UrlSpec('/')], self::urlFor(self::BASELINE));

        self::assertSame([], $gate->check('other', [new UrlSpec('/')], self::urlFor(self::OTHER), $baseline)->problems);
    }

    /**
     * A page that prints time() late (a wiki's taskrunner link, at the end of the page) and whose first
     * request is slow, ending just after a second's boundary: the samples must still span two seconds,
     * so that the time is learned as volatile and a later request, in another second, is not called
     * different.
     */
    public function testASlowFirstFetchStillLearnsAPerSecondTime(): void
    {
        $slowFirst = new class implements PageSource {
            private int $fetches = 0;

            public function get(string $url): Page
            {
                if (0 === $this->fetches++) {
                    // Slower than the old spacing of 0.6 s, ending 50 ms into a second.
                    $until = ceil(microtime(true)) + 0.05;
                    if ($until - microtime(true) < 0.7) {
                        ++$until;
                    }
                    usleep((int) (($until - microtime(true)) * 1e6));
                }
                $now = time();

                return new Page($url, 200, '<a href="/lib/exe/taskrunner.php?id=start&amp;'.$now.'">tasks</a> page text');
            }
        };
        $gate = new CorrectnessGate($slowFirst, new BodyMasker([]));

        $baseline = $gate->baseline('none', [new UrlSpec('/')], self::urlFor(self::BASELINE));
        self::assertSame([], $baseline->result->problems);
        self::assertCount(1, $baseline->result->notes, 'the time is learned as the one part that changes');

        // Under load, in a later second.
        usleep((int) ((ceil(microtime(true)) - microtime(true) + 0.1) * 1e6));
        self::assertSame([], $gate->check('all', [new UrlSpec('/')], self::urlFor(self::OTHER), $baseline)->problems);
    }

    /**
     * An address written as a random mix of decimal and hex character references and plain letters,
     * character by character, as anti-spam helpers write it: every request differs at other places, and
     * three samples do not see them all.
     */
    public function testAnAddressWithRandomCharacterReferencesPassesNoneVersusNone(): void
    {
        $obfuscating = new class implements PageSource {
            public function get(string $url): Page
            {
                $spelled = static fn (string $text): string => implode('', array_map(
                    static fn (string $c): string => match (random_int(0, 2)) {
                        0 => '&#'.\ord($c).';',
                        1 => '&#x'.dechex(\ord($c)).';',
                        default => $c,
                    },
                    str_split($text),
                ));

                return new Page($url, 200, \sprintf('<p>Write to <a href="%s">%s</a>.</p>', $spelled('mailto:webmaster@example.org'), $spelled('webmaster@example.org')));
            }
        };
        $gate = new CorrectnessGate($obfuscating, new BodyMasker([]), spacing: 0.0);

        for ($run = 0; $run < 20; ++$run) {
            $baseline = $gate->baseline('none', [new UrlSpec('/contact')], self::urlFor(self::BASELINE));
            self::assertSame([], $gate->check('again', [new UrlSpec('/contact')], self::urlFor(self::OTHER), $baseline)->problems);
        }
    }

    public function testAPageThatStopsEscapingIsStillCaught(): void
    {
        $result = $this->compare(['/' => ['body' => '<p>&#x3C;b&#x3E;bold&#x3C;/b&#x3E; and &#97;</p>']], ['/' => ['body' => '<p><b>bold</b> and a</p>']]);

        self::assertCount(1, $result->problems);
        self::assertStringContainsString('<p>▶&#60;b&#62;bold', $result->problems[0]);
    }

    /**
     * A page cache the scenarios do not share (one per server): the baseline's samples are one render,
     * a scenario's page another, with another random DOM id. The gate says which value differs and the
     * bench.masks entry that accepts it; with that entry, the page passes.
     */
    public function testAFailureNamesTheValueAndTheMaskEntryThatAcceptsIt(): void
    {
        $render = static fn (string $id): string => "<div id=\"view-{$id}\" class=\"post\">\n<h1>Main Page</h1>\n</div>\n";
        $pages = new FixturePages([self::BASELINE => ['/' => ['body' => $render('3f9a1c')]], self::OTHER => ['/' => ['body' => $render('77b2e0')]]]);

        $result = $this->check($pages);

        self::assertCount(1, $result->problems);
        self::assertStringContainsString("\nthe value that differs: \"view-3f9a1c\" in the baseline, \"view-77b2e0\" in other\n", $result->problems[0]);
        self::assertSame(1, preg_match('/\nif it changes between identical requests \(it is no break\), this bench\.masks entry accepts it: (.+)$/', $result->problems[0], $entry), $result->problems[0]);
        self::assertSame('"~(<div id=\\")[^\\"]*~"', $entry[1] ?? '');

        $masked = new CorrectnessGate($pages, new BodyMasker([(string) json_decode($entry[1], true)]), spacing: 0.0);
        $baseline = $masked->baseline('none', [new UrlSpec('/')], self::urlFor(self::BASELINE));
        self::assertSame([], $masked->check('other', [new UrlSpec('/')], self::urlFor(self::OTHER), $baseline)->problems);
    }

    public function testTheValueThatDiffersIsShownOnOneLine(): void
    {
        $result = $this->compare(['/' => ['body' => '<p>state: ready</p>']], ['/' => ['body' => "<p>state: \egone</p>"]]);

        self::assertCount(1, $result->problems);
        self::assertStringContainsString('the value that differs: "ready" in the baseline, "\\x1Bgone" in other', $result->problems[0]);
    }

    public function testUserMasksStillApply(): void
    {
        $gate = new CorrectnessGate(
            new FixturePages([self::BASELINE => ['/' => ['body' => 'build 1 <b>ok</b>']], self::OTHER => ['/' => ['body' => 'build 2 <b>ok</b>']]]),
            new BodyMasker(['/build \d+/']),
            spacing: 0.0,
        );

        $baseline = $gate->baseline('none', [new UrlSpec('/')], self::urlFor(self::BASELINE));

        self::assertSame([], $gate->check('other', [new UrlSpec('/')], self::urlFor(self::OTHER), $baseline)->problems);
    }

    /**
     * @param array<string, array{body: string, status?: int, location?: string}> $baseline
     * @param array<string, array{body: string, status?: int, location?: string}> $other
     */
    private function compare(array $baseline, array $other): GateResult
    {
        return $this->check(new FixturePages([self::BASELINE => $baseline, self::OTHER => $other]), array_keys($baseline));
    }

    /** @param list<string> $paths */
    private function check(FixturePages $pages, array $paths = ['/']): GateResult
    {
        $gate = new CorrectnessGate($pages, new BodyMasker([]), spacing: 0.0);
        $urls = array_map(static fn (string $path): UrlSpec => new UrlSpec($path), $paths);
        $baseline = $gate->baseline('none', $urls, self::urlFor(self::BASELINE));
        self::assertSame([], $baseline->result->problems);

        return $gate->check('other', $urls, self::urlFor(self::OTHER), $baseline);
    }

    public function testASlowPageOfABusyMachineIsWaitedForWhateverTheLoadsTimeout(): void
    {
        // bench.timeout=1 for the load; the page takes 1.5 s, as a cold first request does on a busy machine.
        $directory = new TemporaryDirectory();
        file_put_contents($directory->path.'/index.php', "<?php\nusleep(1500000);\necho 'slow but right';\n");
        $port = Ports::free();
        $server = new Process([\PHP_BINARY, '-S', '127.0.0.1:'.$port, '-t', $directory->path]);
        $server->start();
        try {
            $deadline = microtime(true) + 30;
            while (!Ports::accepts('tcp://127.0.0.1:'.$port) && $server->isRunning() && microtime(true) < $deadline) {
                usleep(20_000);
            }
            $gate = CorrectnessGate::overLoopback(1.0, new BodyMasker([]));

            $baseline = $gate->baseline('none', [new UrlSpec('/', 'slow but right')], self::urlFor($port));

            self::assertSame([], $baseline->result->problems);
        } finally {
            $server->stop(0);
            $directory->remove();
        }
    }

    /** @return \Closure(string): string */
    private static function urlFor(int $port): \Closure
    {
        return static fn (string $path): string => 'http://127.0.0.1:'.$port.$path;
    }
}
