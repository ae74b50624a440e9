<?php

declare(strict_types=1);

namespace Preheat\Php\FastCgi;

/** What php-fpm answered: the HTTP status (from its Status header, else 200), headers, body, stderr. */
final class FastCgiResponse
{
    /** @param array<string, string> $headers lower-case name => value */
    public function __construct(
        public readonly int $status,
        public readonly array $headers,
        public readonly string $body,
        public readonly string $stderr,
        public readonly int $appStatus,
    ) {
    }

    public static function parse(string $stdout, string $stderr, int $appStatus): self
    {
        $split = preg_split("{\r?\n\r?\n}", $stdout, 2) ?: [$stdout];
        [$head, $body] = 2 === \count($split) ? $split : ['', $stdout];
        $headers = [];
        foreach (preg_split("{\r?\n}", $head) ?: [] as $line) {
            if (str_contains($line, ':')) {
                [$name, $value] = explode(':', $line, 2);
                $headers[strtolower(trim($name))] = trim($value);
            }
        }
        $status = preg_match('{^(\d{3})}', $headers['status'] ?? '200', $m) ? (int) $m[1] : 200;

        return new self($status, $headers, $body, $stderr, $appStatus);
    }
}
