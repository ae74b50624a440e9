<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

/**
 * One `name = value` of php-fpm's configuration, with where it is written. $file is null for a value
 * only `php-fpm -tt` reports (php-fpm's default, written nowhere).
 */
final class FpmDirective
{
    public function __construct(
        public readonly string $name,
        public readonly string $value,
        public readonly ?string $file,
        public readonly ?int $line,
    ) {
    }

    /** "/etc/php-fpm.d/www.conf:24", or "php-fpm's default" for a value no file writes. */
    public function where(): string
    {
        if (null === $this->file) {
            return 'php-fpm\'s default';
        }

        return $this->file.(null === $this->line ? '' : ':'.$this->line);
    }
}
