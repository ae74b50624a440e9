<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage\Middleware;

use PHPUnit\Framework\Attributes\RunInSeparateProcess;
use PHPUnit\Framework\TestCase;
use Preheat\Recorder\Recorder;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\Middleware\LaravelRecorderMiddleware;
use Preheat\Usage\Middleware\Psr15RecorderMiddleware;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\ServerRequestInterface;
use Psr\Http\Server\RequestHandlerInterface;

/** Each test starts the recorder, whose state lasts a request: here, a process of its own. */
final class RecorderMiddlewareTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    #[RunInSeparateProcess]
    public function testLaravelMiddlewareRecordsTheRequestWhenItTerminates(): void
    {
        $store = $this->directory->path.'/usage.log';
        $middleware = new LaravelRecorderMiddleware([
            'store' => $store,
            'sample' => 1,
            'buffer' => 'file',
            'bufferDir' => $this->directory->path,
        ]);
        $request = new \stdClass();

        $response = $middleware->handle($request, static fn (object $r): string => 'response');
        $middleware->terminate($request, $response);

        self::assertSame('response', $response);
        $usage = (new FileUsageStore($store))->read();
        self::assertSame(1, $usage->requests);
        self::assertArrayHasKey(__FILE__, $usage->fileCounts);
        $middlewareFile = (string) (new \ReflectionClass(LaravelRecorderMiddleware::class))->getFileName();
        self::assertArrayNotHasKey($middlewareFile, $usage->fileCounts);
    }

    #[RunInSeparateProcess]
    public function testPsr15MiddlewareStartsTheRecorderAndHandsOn(): void
    {
        require_once __DIR__.'/../../../Support/psr15-stubs.php';
        $store = $this->directory->path.'/usage.log';
        $middleware = new Psr15RecorderMiddleware([
            'store' => $store,
            'sample' => 1,
            'buffer' => 'file',
            'bufferDir' => $this->directory->path,
        ]);
        $response = new class implements ResponseInterface {};
        $handler = new class($response) implements RequestHandlerInterface {
            public function __construct(private readonly ResponseInterface $response)
            {
            }

            public function handle(ServerRequestInterface $request): ResponseInterface
            {
                return $this->response;
            }
        };

        self::assertSame($response, $middleware->process(new class implements ServerRequestInterface {}, $handler));
        Recorder::finish(); // what shutdown does

        $usage = (new FileUsageStore($store))->read();
        self::assertSame(1, $usage->requests);
        self::assertArrayHasKey(__FILE__, $usage->fileCounts);
    }

    public function testMiddlewareChecksItsSettingsAtOnce(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('Recorder setting "sample" must be a whole number of at least 1.');
        new LaravelRecorderMiddleware(['store' => '/tmp/usage.log', 'sample' => 0]);
    }
}
