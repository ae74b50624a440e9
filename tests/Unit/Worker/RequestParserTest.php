<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Worker;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Worker\Http\HttpError;
use Preheat\Worker\Http\Request;
use Preheat\Worker\Http\RequestParser;

/**
 * The worker's HTTP/1.x request parser: incremental, pipelined, bounded, strict where lax parsing smuggles requests.
 */
final class RequestParserTest extends TestCase
{
    public function testARequestArrivingByteByByteIsGivenOnceComplete(): void
    {
        $parser = new RequestParser(1024);
        $wire = "GET /posts/1?page=2 HTTP/1.1\r\nHost: example.test\r\nAccept: text/html\r\nAccept: */*\r\n\r\n";
        for ($i = 0; $i < \strlen($wire) - 1; ++$i) {
            $parser->feed($wire[$i]);
            self::assertNull($parser->next(), 'incomplete at byte '.$i);
            self::assertTrue($parser->inRequest());
        }
        $parser->feed($wire[\strlen($wire) - 1]);
        $request = $parser->next();

        self::assertInstanceOf(Request::class, $request);
        self::assertSame(
            ['GET', '/posts/1?page=2', 'HTTP/1.1'],
            [$request->method, $request->target, $request->protocol],
        );
        self::assertSame('/posts/1', $request->path());
        self::assertSame('page=2', $request->query());
        self::assertSame('text/html, */*', $request->header('accept'));
        self::assertTrue($request->keepAlive());
        self::assertFalse($parser->inRequest());
        self::assertNull($parser->next());
    }

    public function testPipelinedRequestsComeOutInOrderWithTheirBodies(): void
    {
        $parser = new RequestParser(1024);
        $parser->feed(
            "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
            ."GET /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            ."POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            ."3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nTrailer: t\r\n\r\n",
        );

        $a = $parser->next();
        $b = $parser->next();
        $c = $parser->next();

        self::assertSame(['/a', 'hello'], [$a?->target, $a?->body]);
        self::assertSame(['/b', ''], [$b?->target, $b?->body]);
        self::assertFalse($b?->keepAlive());
        self::assertSame(['/c', 'abcde'], [$c?->target, $c?->body]);
        self::assertNull($parser->next());
    }

    public function testHttp10KeepsAliveOnlyWhenAsked(): void
    {
        $parser = new RequestParser(1024);
        $parser->feed("GET / HTTP/1.0\r\n\r\nGET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n");

        $first = $parser->next();
        $second = $parser->next();

        self::assertNotNull($first);
        self::assertNotNull($second);
        self::assertFalse($first->keepAlive());
        self::assertTrue($second->keepAlive());
    }

    public function testABodyOverTheBoundIsRefusedFromItsContentLengthBeforeItArrives(): void
    {
        $parser = new RequestParser(100);
        $parser->feed("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 101\r\n\r\n");

        $this->expectExceptionObject(new HttpError(413, 'body of 101 bytes, over the bound of 100'));
        $parser->next();
    }

    public function testAChunkedBodyOverTheBoundIsRefused(): void
    {
        $parser = new RequestParser(4);
        $parser->feed("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n3\r\n");

        try {
            $parser->next();
            self::fail('over the bound');
        } catch (HttpError $error) {
            self::assertSame(413, $error->status);
        }
    }

    public function testExpectContinueIsAskedForOnce(): void
    {
        $parser = new RequestParser(100);
        $parser->feed("PUT /f HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n");

        self::assertNull($parser->next());
        self::assertTrue($parser->wantsContinue());
        self::assertFalse($parser->wantsContinue());
        $parser->feed('abc');
        self::assertSame('abc', $parser->next()?->body);
    }

    /** @return iterable<string, array{string, int}> */
    public static function refused(): iterable
    {
        yield 'space before the colon' => ["GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400];
        yield 'folded header' => ["GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n", 400];
        yield 'two lengths' => ["POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400];
        yield 'length and chunked' => [
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            400,
        ];
        yield 'a coding other than chunked' => [
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
            501,
        ];
        yield 'negative length' => ["POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400];
        yield 'no host in 1.1' => ["GET / HTTP/1.1\r\n\r\n", 400];
        yield 'HTTP/2 preface' => ["PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505];
        yield 'absolute target' => ["GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400];
        yield 'garbage' => ["\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 400];
        yield 'bad chunk size' => ["POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400];
    }

    #[DataProvider('refused')]
    public function testMalformedRequestsAreRefused(string $wire, int $status): void
    {
        $parser = new RequestParser(1024);
        $parser->feed($wire);

        try {
            $parser->next();
            self::fail('refused');
        } catch (HttpError $error) {
            self::assertSame($status, $error->status, $error->getMessage());
        }
    }

    public function testAHeadOverItsBoundIs431EvenBeforeItEnds(): void
    {
        $parser = new RequestParser(1024, 64);
        $parser->feed("GET / HTTP/1.1\r\nHost: x\r\nX-Long: ".str_repeat('a', 80));

        try {
            $parser->next();
            self::fail('head over the bound');
        } catch (HttpError $error) {
            self::assertSame(431, $error->status);
        }
    }
}
