<?php

declare(strict_types=1);

namespace Preheat\Console\Option;

/**
 * bench's --scenario values: each NAME=SPEC or a name, and names may also come as one list
 * (`--scenario=none,hot,all`), as other tools take lists. A NAME=SPEC is kept whole: a script's path may
 * hold a comma, and a name never does (the loader refuses one that does).
 */
final class ScenarioOption
{
    /**
     * @param array<mixed> $values as the option gives them
     *
     * @return list<string>
     */
    public static function values(array $values): array
    {
        $scenarios = [];
        foreach ($values as $value) {
            $value = (string) $value;
            foreach (str_contains($value, '=') ? [$value] : explode(',', $value) as $scenario) {
                $scenarios[] = trim($scenario);
            }
        }

        return $scenarios;
    }
}
