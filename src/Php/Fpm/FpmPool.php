<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

/**
 * One php-fpm pool: every directive its sections set, in the order php-fpm reads them (a pool's
 * section may be continued in later files, as the official image's docker.conf and zz-docker.conf
 * continue [www]; the last value of a directive wins).
 */
final class FpmPool
{
    /** @param list<FpmDirective> $directives */
    public function __construct(
        public readonly string $name,
        public readonly string $file,
        public readonly array $directives,
    ) {
    }

    public function directive(string $name): ?FpmDirective
    {
        $found = null;
        foreach ($this->directives as $directive) {
            if ($directive->name === $name) {
                $found = $directive;
            }
        }

        return $found;
    }

    public function value(string $name): ?string
    {
        return $this->directive($name)?->value;
    }

    /** @return array<string, string> directive => the value that wins */
    public function values(): array
    {
        $values = [];
        foreach ($this->directives as $directive) {
            $values[$directive->name] = $directive->value;
        }

        return $values;
    }

    public function with(FpmDirective $directive): self
    {
        return new self($this->name, $this->file, [...$this->directives, $directive]);
    }
}
