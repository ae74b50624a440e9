<?php

namespace Acme\Query;

final class Builder
{
    /** @var list<string> */
    private array $conditions = [];

    public function where(string $condition): self
    {
        $this->conditions[] = $condition;

        return $this;
    }

    public function sql(): string
    {
        return 'SELECT * WHERE '.implode(' AND ', $this->conditions);
    }
}
