<?php

declare(strict_types=1);

namespace Preheat\Php\FastCgi;

/**
 * Where a php-fpm pool listens, as its `listen =` says it and as a user types it: HOST:PORT, [IPv6]:PORT,
 * unix:/path or a socket's absolute path. Checked before anything connects, so that a typo is an error
 * naming the option rather than a socket error.
 */
final class FastCgiAddress
{
    private function __construct(public readonly string $address)
    {
    }

    /** @param string $option how the user gave it, for the message (e.g. "--from-fpm") */
    public static function parse(string $given, string $option): self
    {
        $address = trim($given);
        $problem = match (true) {
            '' === $address => 'it is empty',
            \strlen($address) > 1024 => 'it is longer than 1024 bytes',
            1 === preg_match('{[\x00-\x1f\x7f]}', $address) => 'it contains control characters',
            default => null,
        };
        if (null === $problem) {
            $path = str_starts_with($address, 'unix:') ? substr($address, 5) : $address;
            if (str_starts_with($path, '/')) {
                // The socket's path: its existence is the connection's to check, with the error that says why.
                return new self($address);
            }
            $problem = self::hostPortProblem($address);
        }
        if (null !== $problem) {
            throw new FastCgiAddressError(\sprintf(
                '%s=%s is not an address php-fpm listens on (%s): give HOST:PORT (e.g. 127.0.0.1:9000) or a '
                .'socket path (e.g. /run/php/php8.2-fpm.sock), as the pool\'s `listen =` says.',
                $option,
                $given,
                $problem,
            ));
        }

        return new self($address);
    }

    private static function hostPortProblem(string $address): ?string
    {
        if (1 !== preg_match('{^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$}', $address, $match)) {
            return 'neither HOST:PORT nor an absolute socket path';
        }
        $port = (int) $match[2];

        return $port < 1 || $port > 65535 ? 'the port is not from 1 to 65535' : null;
    }
}
