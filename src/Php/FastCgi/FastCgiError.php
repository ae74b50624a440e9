<?php

declare(strict_types=1);

namespace Preheat\Php\FastCgi;

use Preheat\EnvironmentError;

/** php-fpm does not answer: not listening there, or the connection broke. */
final class FastCgiError extends \RuntimeException implements EnvironmentError
{
    /** @param string $why what went wrong, without the advice: for a note that only says why */
    public function __construct(string $message, public readonly string $why = '')
    {
        parent::__construct($message);
    }

    public static function cannotConnect(string $address, string $why): self
    {
        return new self(\sprintf(
            'cannot reach php-fpm at %s (%s): give the address its pool listens on '
            .'(`listen =` in the pool file: HOST:PORT or a socket path), '
            .'and check that php-fpm runs and that you may open its socket.',
            $address,
            $why,
        ), 'cannot connect ('.$why.')');
    }

    public static function broken(string $address, string $why): self
    {
        return new self(\sprintf('php-fpm at %s did not answer the request: %s.', $address, $why), $why);
    }
}
