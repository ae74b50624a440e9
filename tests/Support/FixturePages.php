<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Server\Page;
use Preheat\Server\PageSource;

/**
 * Pages from templates, per server port, rendered anew for every request as real apps do: a fresh
 * nonce, request id, token and timing, a clock that moves a second per request, and the server's
 * own address in plain, URL-encoded and JSON-escaped forms.
 */
final class FixturePages implements PageSource
{
    private int $requests = 0;

    /**
     * @param array<int, array<string, array{body: string, status?: int, location?: string}>> $sites port => path => page
     */
    public function __construct(private readonly array $sites)
    {
    }

    public static function template(string $name): string
    {
        return (string) file_get_contents(\dirname(__DIR__).'/Fixtures/gate/'.$name);
    }

    public function get(string $url): Page
    {
        $port = (int) parse_url($url, \PHP_URL_PORT);
        $path = (string) parse_url($url, \PHP_URL_PATH);
        $page = $this->sites[$port][$path] ?? null;
        if (null === $page) {
            return new Page($url, 404, 'not found');
        }
        ++$this->requests;
        $server = '127.0.0.1:'.$port;
        $now = 1_767_225_600 + 3600 * 15 + 59 + $this->requests; // crosses a minute while sampling
        $values = [
            '{{request_id}}' => vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex(random_bytes(16)), 4)),
            '{{nonce}}' => base64_encode(random_bytes(16)),
            '{{hex}}' => bin2hex(random_bytes(random_int(6, 10))),
            '{{time}}' => gmdate('Y-m-d H:i:s', $now),
            '{{iso}}' => gmdate('Y-m-d\TH:i:s\Z', $now),
            '{{timing}}' => \sprintf('%.4f', random_int(1, 99_999) / 10_000),
            '{{micro}}' => \sprintf('%.6F', $now + random_int(0, 999_999) / 1e6),
            '{{server}}' => $server,
            '{{server_url}}' => rawurlencode('http://'.$server.'/wiki/Main_Page'),
            '{{server_json_page}}' => json_encode('http://'.$server.'/Main_Page'),
            '{{server_json}}' => json_encode('http://'.$server.'/'),
        ];
        $render = static fn (string $text): string => strtr($text, $values);

        return new Page($url, $page['status'] ?? 200, $render($page['body']), null, isset($page['location']) ? $render($page['location']) : null);
    }
}
