<?php

declare(strict_types=1);

namespace Preheat\Worker\Http;

/**
 * What the worker sends back: a status, headers in order (repeatable, e.g. Set-Cookie), and either a body
 * in memory or a file streamed from disk in pieces (so that a large file never sits in the worker's memory).
 */
final class Response
{
    /**
     * @param list<array{string, string}> $headers
     */
    public function __construct(
        public readonly int $status,
        public readonly array $headers = [],
        public readonly string $body = '',
        public readonly ?string $file = null,
        public readonly int $fileSize = 0,
    ) {
    }

    public static function text(int $status, string $text): self
    {
        return new self($status, [['Content-Type', 'text/plain; charset=UTF-8']], $text);
    }

    public function contentLength(): int
    {
        return null === $this->file ? \strlen($this->body) : $this->fileSize;
    }

    /**
     * The status line and headers, with the framing the worker owns (Content-Length, Connection, Date) in
     * place of any the app set.
     */
    public function head(string $protocol, bool $keepAlive, bool $bodyAllowed = true): string
    {
        $head = \sprintf("%s %d %s\r\n", $protocol, $this->status, StatusText::of($this->status));
        $hasDate = false;
        foreach ($this->headers as [$name, $value]) {
            $lower = strtolower($name);
            if (\in_array($lower, ['content-length', 'transfer-encoding', 'connection', 'keep-alive'], true)) {
                continue;
            }
            $hasDate = $hasDate || 'date' === $lower;
            // A header value never carries a line break onto the wire (response splitting).
            $head .= $name.': '.strtr($value, ["\r" => '', "\n" => ''])."\r\n";
        }
        if (!$hasDate) {
            $head .= 'Date: '.gmdate('D, d M Y H:i:s').' GMT'."\r\n";
        }
        $informational = $this->status >= 100 && $this->status < 200;
        if ($bodyAllowed && !$informational && 204 !== $this->status && 304 !== $this->status) {
            $head .= 'Content-Length: '.$this->contentLength()."\r\n";
        }
        if (!$keepAlive) {
            $head .= "Connection: close\r\n";
        } elseif ('HTTP/1.0' === $protocol) {
            $head .= "Connection: keep-alive\r\n";
        }

        return $head."\r\n";
    }
}
