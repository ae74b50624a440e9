<?php

declare(strict_types=1);

namespace Preheat\Worker\Http;

/** One HTTP/1.x request as it came off the wire, body complete (de-chunked) and within the bound. */
final class Request
{
    /**
     * @param list<array{string, string}> $headers name as sent, value trimmed, in order
     */
    public function __construct(
        public readonly string $method,
        public readonly string $target,
        public readonly string $protocol,
        public readonly array $headers,
        public readonly string $body,
    ) {
    }

    /** All values of a header (case-insensitive name), joined as HTTP allows: with ", " (cookies with "; "). */
    public function header(string $name): ?string
    {
        $values = [];
        foreach ($this->headers as [$key, $value]) {
            if (0 === strcasecmp($key, $name)) {
                $values[] = $value;
            }
        }

        return [] === $values ? null : implode(0 === strcasecmp($name, 'cookie') ? '; ' : ', ', $values);
    }

    /** This request with every value of a header (case-insensitive name) replaced by one. */
    public function withHeader(string $name, string $value): self
    {
        $headers = array_values(array_filter(
            $this->headers,
            static fn (array $header): bool => 0 !== strcasecmp($header[0], $name),
        ));
        $headers[] = [$name, $value];

        return new self($this->method, $this->target, $this->protocol, $headers, $this->body);
    }

    /**
     * Whether the client keeps the connection open after this request (HTTP/1.1 unless
     * "close"; HTTP/1.0 only with "keep-alive").
     */
    public function keepAlive(): bool
    {
        $tokens = array_map('trim', explode(',', strtolower($this->header('Connection') ?? '')));
        if ('HTTP/1.0' === $this->protocol) {
            return \in_array('keep-alive', $tokens, true);
        }

        return !\in_array('close', $tokens, true);
    }

    /** The path of the target, without the query string (still percent-encoded). */
    public function path(): string
    {
        $end = strcspn($this->target, '?#');

        return substr($this->target, 0, $end);
    }

    public function query(): string
    {
        $start = strpos($this->target, '?');
        if (false === $start) {
            return '';
        }
        $query = substr($this->target, $start + 1);
        $hash = strpos($query, '#');

        return false === $hash ? $query : substr($query, 0, $hash);
    }
}
