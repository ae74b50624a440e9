<?php

declare(strict_types=1);

namespace Preheat\Config;

/** The names each Choice has, read from the registries by the stage that owns them (see BenchConfigLoader). */
final class Choices
{
    /** @param array<value-of<Choice>, list<string>> $names */
    public function __construct(private readonly array $names)
    {
        foreach (Choice::cases() as $choice) {
            if ([] === ($names[$choice->value] ?? [])) {
                throw new \LogicException(\sprintf('No names for the %s choice.', $choice->value));
            }
        }
    }

    /** @return list<string> */
    public function of(Choice $choice): array
    {
        return $this->names[$choice->value];
    }
}
