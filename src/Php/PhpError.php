<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\UserError;

final class PhpError extends \RuntimeException implements UserError
{
    public static function missingIni(string $path): self
    {
        return new self(\sprintf('php.ini "%s" given with --ini does not exist: give the php.ini your php-fpm uses (php-fpm -i | grep "Loaded Configuration").', $path));
    }

    public static function cannotRead(string $command, string $output): self
    {
        return new self(\sprintf('Cannot read PHP\'s settings: `%s` printed no answer. Check the PHP binary (--php) and the php.ini (--ini).%s', $command, '' === $output ? '' : "\n".$output));
    }

    public static function unknownUser(string $user): self
    {
        return new self(\sprintf('User "%s" given with --user does not exist: give the user php-fpm\'s pool runs as (`user =` in its pool config).', $user));
    }
}
