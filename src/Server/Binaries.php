<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * The programs a run starts, by their preheat.json key under bench.binaries (php, fpm, and what each
 * runtime and load tool declares it needs): each the configured name or path, else its default.
 */
final class Binaries
{
    /** @param array<string, string> $binaries key => binary */
    public function __construct(private readonly array $binaries)
    {
    }

    public function get(string $key): string
    {
        return $this->binaries[$key] ?? throw new \LogicException(\sprintf('No binary "%s" is declared.', $key));
    }

    public function php(): string
    {
        return $this->get(self::PHP);
    }

    public function fpm(): string
    {
        return $this->get(self::FPM);
    }

    public function with(string $key, string $binary): self
    {
        return new self([$key => $binary] + $this->binaries);
    }

    /**
     * The binaries every run needs whatever its runtime and tool: the PHP CLI, and php-fpm (whose ini is the default).
     */
    public const PHP = 'php';
    public const FPM = 'fpm';

    /** @return array<string, string> key => default */
    public static function common(): array
    {
        return [
            self::PHP => \PHP_BINARY,
            self::FPM => 'php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION,
        ];
    }
}
