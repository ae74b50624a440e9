<?php

declare(strict_types=1);

namespace Seeds;

final class Shout
{
    public function __construct(private readonly \Stringable $text)
    {
    }

    public function render(): string
    {
        return strtoupper((string) $this->text);
    }
}
