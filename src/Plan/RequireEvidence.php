<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * What recorded requests tell about how each file was loaded: which files they loaded at all, and
 * which of those every load included outside any autoloader (an explicit require or include).
 */
final class RequireEvidence
{
    /** @var array<string, int> */
    private readonly array $loads;

    /** @var array<string, true> */
    private readonly array $onlyRequired;

    /**
     * @param array<string, int> $loads        absolute path => recorded requests that loaded it
     * @param list<string>       $onlyRequired files every recorded load of which was outside any autoloader
     * @param string             $source       where it comes from, for messages ("the traced requests")
     */
    public function __construct(array $loads, array $onlyRequired, public readonly string $source)
    {
        $this->loads = $loads;
        $this->onlyRequired = array_fill_keys($onlyRequired, true);
    }

    public function loads(string $path): int
    {
        return $this->loads[$path] ?? 0;
    }

    public function onlyRequired(string $path): bool
    {
        return isset($this->onlyRequired[$path]);
    }

    /** @return list<string> every recorded file */
    public function recordedFiles(): array
    {
        return array_map('strval', array_keys($this->loads));
    }
}
