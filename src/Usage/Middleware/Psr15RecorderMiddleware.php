<?php

declare(strict_types=1);

namespace Preheat\Usage\Middleware;

use Preheat\Recorder\Config;
use Preheat\Recorder\Recorder;
use Preheat\Usage\RecorderFile;
use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\ServerRequestInterface;
use Psr\Http\Server\MiddlewareInterface;
use Psr\Http\Server\RequestHandlerInterface;

/**
 * Starts the usage recorder from a PSR-15 pipeline instead of auto_prepend_file (php-fpm and
 * mod_php only: a long-running server never shuts a request down). Needs psr/http-server-middleware,
 * which Preheat does not require: nothing loads this class unless you use it. Put it first, so that
 * it sees the files the rest of the pipeline loads. Files loaded before it (the front controller,
 * the autoloader) count too: get_included_files() lists everything the request loaded.
 */
final class Psr15RecorderMiddleware implements MiddlewareInterface
{
    /** @var array<string, mixed> */
    private readonly array $config;

    /** @param array<string, mixed> $config the recorder's settings (store, sample, batch, ...), checked now */
    public function __construct(array $config)
    {
        RecorderFile::load();
        $recorder = (string) (new \ReflectionClass(RecorderFile::class))->getFileName();
        $config['exclude'] = [...self::strings($config['exclude'] ?? []), __FILE__, $recorder];
        Config::fromArray($config);
        $this->config = $config;
    }

    public function process(ServerRequestInterface $request, RequestHandlerInterface $handler): ResponseInterface
    {
        Recorder::start($this->config);

        return $handler->handle($request);
    }

    /** @return list<string> */
    private static function strings(mixed $values): array
    {
        return \is_array($values) ? array_values(array_filter($values, 'is_string')) : [];
    }
}
