<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

use Preheat\UserError;

/** php-fpm's configuration as named or found cannot be read: a file that is not there or does not parse. */
final class FpmConfigError extends \RuntimeException implements UserError
{
    /**
     * @param string      $configFile the file that could not be read
     * @param string|null $syntax     PHP's complaint, when the file was read but does not parse
     */
    private function __construct(
        string $message,
        public readonly string $configFile,
        public readonly ?string $syntax = null,
    ) {
        parent::__construct($message);
    }

    public static function missing(string $file): self
    {
        return new self(\sprintf(
            'php-fpm\'s configuration %s is not a file: give the php-fpm.conf php-fpm starts with (the file its -y '
            .'names; `php-fpm -t` prints the one it uses by default).',
            $file,
        ), $file);
    }

    public static function unreadable(string $file, string $includedBy): self
    {
        return new self(\sprintf(
            'cannot read %s (%s): php-fpm reads it as root; run as a user who can read it, or give '
            .'another configuration.',
            $file,
            $includedBy,
        ), $file);
    }

    public static function badSyntax(string $file, string $why): self
    {
        return new self(\sprintf(
            'php-fpm\'s configuration %s does not parse: %s. Fix it (`php-fpm -t` checks it too).',
            $file,
            $why,
        ), $file, $why);
    }
}
