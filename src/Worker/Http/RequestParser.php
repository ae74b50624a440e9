<?php

declare(strict_types=1);

namespace Preheat\Worker\Http;

/**
 * Reads HTTP/1.0 and 1.1 requests off one connection, incrementally: feed() what arrived, next() gives each
 * complete request in order (pipelined requests included) or null until more arrives. Bounded: the head
 * (request line and headers) to $maxHeadBytes (431 over it), the body to $maxBodyBytes (413, told from
 * Content-Length before the body is read, or while de-chunking). Strict where lax parsing lets requests
 * be smuggled: no whitespace before a header's colon, no folded lines, one Content-Length, not both
 * Content-Length and Transfer-Encoding, and only "chunked" as a transfer coding (501 for others).
 */
final class RequestParser
{
    public const DEFAULT_MAX_HEAD_BYTES = 16_384;

    private string $buffer = '';

    /** The head of the request whose body is still arriving. */
    private ?Request $head = null;

    private int $headLength = 0;

    private bool $continueSent = false;

    public function __construct(
        private readonly int $maxBodyBytes,
        private readonly int $maxHeadBytes = self::DEFAULT_MAX_HEAD_BYTES,
    ) {
    }

    public function feed(string $data): void
    {
        $this->buffer .= $data;
    }

    /** Bytes received and not yet part of a request given out. */
    public function buffered(): int
    {
        return \strlen($this->buffer);
    }

    /** Whether a request has started arriving (a slow client mid-request, as opposed to an idle connection). */
    public function inRequest(): bool
    {
        return '' !== ltrim($this->buffer, "\r\n");
    }

    /**
     * True once, when the client sent "Expect: 100-continue" and waits for a go-ahead before its body.
     */
    public function wantsContinue(): bool
    {
        if (null === $this->head || $this->continueSent) {
            return false;
        }
        $this->continueSent = true;

        return 'HTTP/1.1' === $this->head->protocol
            && 0 === strcasecmp((string) $this->head->header('Expect'), '100-continue');
    }

    /** @throws HttpError when the request cannot be served; the connection must be closed after answering */
    public function next(): ?Request
    {
        if (null === $this->head) {
            // Empty lines before a request line are ignored (RFC 9112, 2.2).
            $this->buffer = ltrim($this->buffer, "\r\n");
            $end = strpos($this->buffer, "\r\n\r\n");
            if (false === $end) {
                if (\strlen($this->buffer) > $this->maxHeadBytes) {
                    throw new HttpError(431, 'request head over '.$this->maxHeadBytes.' bytes');
                }

                return null;
            }
            if ($end + 4 > $this->maxHeadBytes) {
                throw new HttpError(431, 'request head over '.$this->maxHeadBytes.' bytes');
            }
            $this->head = $this->parseHead(substr($this->buffer, 0, $end));
            $this->headLength = $end + 4;
            $this->continueSent = false;
        }

        $body = $this->body($this->head);
        if (null === $body) {
            return null;
        }
        [$content, $consumed] = $body;
        $head = $this->head;
        $request = new Request($head->method, $head->target, $head->protocol, $head->headers, $content);
        $this->buffer = substr($this->buffer, $this->headLength + $consumed);
        $this->head = null;

        return $request;
    }

    private function parseHead(string $head): Request
    {
        $lines = explode("\r\n", $head);
        $requestLine = array_shift($lines);
        if (!preg_match('#^([!\#$%&\'*+.^_`|~0-9A-Za-z-]+) (\S+) (HTTP/\d\.\d)$#D', $requestLine, $match)) {
            throw HttpError::badRequest('malformed request line');
        }
        [, $method, $target, $protocol] = $match;
        if ('HTTP/1.1' !== $protocol && 'HTTP/1.0' !== $protocol) {
            throw new HttpError(505, 'HTTP version '.$protocol.' is not supported');
        }
        if (!str_starts_with($target, '/') && !('*' === $target && 'OPTIONS' === $method)) {
            throw HttpError::badRequest('only origin-form targets (/path?query) are served');
        }
        $headers = [];
        foreach ($lines as $line) {
            if (!preg_match('/^([!#$%&\'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/D', $line, $field)
                || str_contains($field[2], "\n") || str_contains($field[2], "\r")) {
                throw HttpError::badRequest('malformed header line');
            }
            $headers[] = [$field[1], $field[2]];
        }
        $request = new Request($method, $target, $protocol, $headers, '');
        if ('HTTP/1.1' === $protocol && null === $request->header('Host')) {
            throw HttpError::badRequest('HTTP/1.1 request without Host');
        }

        return $request;
    }

    /**
     * @return array{string, int}|null the body and the bytes it took after the head; null until complete
     */
    private function body(Request $head): ?array
    {
        $coding = $head->header('Transfer-Encoding');
        $length = $head->header('Content-Length');
        if (null !== $coding) {
            if (null !== $length) {
                throw HttpError::badRequest('both Content-Length and Transfer-Encoding');
            }
            if ('chunked' !== strtolower($coding)) {
                throw new HttpError(501, 'transfer coding '.$coding.' is not supported');
            }

            return $this->chunked();
        }
        if (null === $length) {
            return ['', 0];
        }
        $lengths = array_unique(array_map('trim', explode(',', $length)));
        if (1 !== \count($lengths) || !preg_match('/^\d{1,18}$/D', $lengths[0])) {
            throw HttpError::badRequest('invalid Content-Length');
        }
        $bytes = (int) $lengths[0];
        if ($bytes > $this->maxBodyBytes) {
            throw new HttpError(413, \sprintf('body of %d bytes, over the bound of %d', $bytes, $this->maxBodyBytes));
        }
        if (\strlen($this->buffer) - $this->headLength < $bytes) {
            return null;
        }

        return [substr($this->buffer, $this->headLength, $bytes), $bytes];
    }

    /** @return array{string, int}|null */
    private function chunked(): ?array
    {
        $offset = $this->headLength;
        $body = '';
        while (true) {
            $lineEnd = strpos($this->buffer, "\r\n", $offset);
            if (false === $lineEnd) {
                if (\strlen($this->buffer) - $offset > 1024) {
                    throw HttpError::badRequest('chunk size line too long');
                }

                return null;
            }
            $sizeField = explode(';', substr($this->buffer, $offset, $lineEnd - $offset), 2)[0];
            if (!preg_match('/^[0-9A-Fa-f]{1,15}$/D', trim($sizeField, " \t"))) {
                throw HttpError::badRequest('invalid chunk size');
            }
            $size = (int) hexdec(trim($sizeField, " \t"));
            $offset = $lineEnd + 2;
            if (0 === $size) {
                // Trailers (ignored) up to an empty line.
                while (true) {
                    $end = strpos($this->buffer, "\r\n", $offset);
                    if (false === $end) {
                        if (\strlen($this->buffer) - $offset > $this->maxHeadBytes) {
                            throw new HttpError(431, 'trailers over '.$this->maxHeadBytes.' bytes');
                        }

                        return null;
                    }
                    $empty = $end === $offset;
                    $offset = $end + 2;
                    if ($empty) {
                        return [$body, $offset - $this->headLength];
                    }
                }
            }
            if (\strlen($body) + $size > $this->maxBodyBytes) {
                throw new HttpError(413, 'chunked body over the bound of '.$this->maxBodyBytes.' bytes');
            }
            if (\strlen($this->buffer) < $offset + $size + 2) {
                return null;
            }
            if ("\r\n" !== substr($this->buffer, $offset + $size, 2)) {
                throw HttpError::badRequest('chunk not followed by CRLF');
            }
            $body .= substr($this->buffer, $offset, $size);
            $offset += $size + 2;
        }
    }
}
