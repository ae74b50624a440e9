<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Worker;

use PHPUnit\Framework\TestCase;
use Preheat\Worker\Http\CgiRequest;
use Preheat\Worker\Http\Endpoint;
use Preheat\Worker\Http\Request;
use Preheat\Worker\Http\Response;

/** The response head the worker writes, and a request as PHP under php-fpm would see it. */
final class ResponseTest extends TestCase
{
    public function testTheWorkerOwnsTheFraming(): void
    {
        $response = new Response(302, [
            ['Location', "/next\r\nX-Injected: 1"],
            ['Content-Length', '999'],
            ['Set-Cookie', 'a=1'],
            ['Set-Cookie', 'b=2'],
            ['Connection', 'upgrade'],
        ], 'moved');

        $head = $response->head('HTTP/1.1', false);

        self::assertStringStartsWith(
            "HTTP/1.1 302 Found\r\nLocation: /nextX-Injected: 1\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nDate: ",
            $head,
        );
        self::assertStringEndsWith(" GMT\r\nContent-Length: 5\r\nConnection: close\r\n\r\n", $head);
        self::assertStringNotContainsString('999', $head);
        self::assertStringNotContainsString('upgrade', $head);
    }

    public function testHttp10KeepAliveIsSaidAndAStreamedFileCountsItsSize(): void
    {
        $head = (new Response(200, [], '', '/some/file', 1234))->head('HTTP/1.0', true);

        self::assertStringContainsString("Content-Length: 1234\r\nConnection: keep-alive\r\n\r\n", $head);
        self::assertStringNotContainsString('Content-Length', (new Response(204))->head('HTTP/1.1', true));
    }

    public function testTheRequestAsPhpFpmBehindNginxWouldSeeIt(): void
    {
        $request = new Request('POST', '/contact?ref=home&x[]=1', 'HTTP/1.1', [
            ['Host', '127.0.0.1:8080'],
            ['Content-Type', 'application/x-www-form-urlencoded'],
            ['Cookie', 'a=1; b=x%20y'],
            ['Cookie', 'a=2; c.d=3'],
        ], 'name=Ann&tags[]=a');
        $endpoint = new Endpoint('/app/public', '127.0.0.1', 8080, '127.0.0.1', 50000);

        $cgi = CgiRequest::of($request, $endpoint, '/index.php', '/app/public/index.php');

        self::assertSame(['ref' => 'home', 'x' => ['1']], $cgi->query);
        self::assertSame(['name' => 'Ann', 'tags' => ['a']], $cgi->post);
        self::assertSame(
            ['a' => '1', 'b' => 'x y', 'c_d' => '3'],
            $cgi->cookies,
            'the first of a repeated cookie wins, names mangled as PHP does',
        );
        self::assertSame('/contact?ref=home&x[]=1', $cgi->server['REQUEST_URI']);
        self::assertSame('/index.php', $cgi->server['SCRIPT_NAME']);
        self::assertSame('/app/public/index.php', $cgi->server['SCRIPT_FILENAME']);
        self::assertSame('ref=home&x[]=1', $cgi->server['QUERY_STRING']);
        self::assertSame('127.0.0.1:8080', $cgi->server['HTTP_HOST']);
        self::assertSame('17', $cgi->server['CONTENT_LENGTH']);
        self::assertSame('8080', $cgi->server['SERVER_PORT']);
    }

    public function testAnAppToldItServesTheSharedSiteSeesItsHostNameAndPort(): void
    {
        $request = new Request('GET', '/cached', 'HTTP/1.1', [['Host', '127.0.0.1:43797'], ['host', 'other'], ['Accept', '*/*']], '');
        $endpoint = new Endpoint('/app/public', '127.0.0.1', 43797, '127.0.0.1', 50000);

        $cgi = CgiRequest::of($request->withHeader('Host', '127.0.0.1'), $endpoint->servingSite('127.0.0.1', 80), '/index.php', '/app/public/index.php');

        self::assertSame(['127.0.0.1', '127.0.0.1', '80'], [$cgi->server['HTTP_HOST'], $cgi->server['SERVER_NAME'], $cgi->server['SERVER_PORT']]);
        self::assertSame('*/*', $cgi->server['HTTP_ACCEPT']);
        self::assertSame('', CgiRequest::of($request, $endpoint, '/index.php', '/app/public/index.php')->server['SERVER_NAME'], 'as nginx without server_name');
    }
}
