<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;

/**
 * The classes, interfaces, traits, enums and functions the target PHP has built in.
 * A file declaring one of these (a polyfill stub) must not be preloaded.
 */
final class BuiltinSymbols
{
    /** @var array<string, true> */
    private readonly array $classes;

    /** @var array<string, true> */
    private readonly array $functions;

    /**
     * @param list<string> $classes
     * @param list<string> $functions
     * @param string       $phpVersion that PHP's PHP_VERSION: what the plan is for (the syntax and the link rules
     *                                 it has)
     */
    public function __construct(array $classes, array $functions, public readonly string $phpVersion = \PHP_VERSION)
    {
        $this->classes = array_fill_keys(array_map('strtolower', $classes), true);
        $this->functions = array_fill_keys(array_map('strtolower', $functions), true);
    }

    /** What the PHP running Preheat has built in (user classes filtered out). */
    public static function ofCurrentProcess(): self
    {
        $classes = array_filter(
            [...get_declared_classes(), ...get_declared_interfaces(), ...get_declared_traits()],
            static fn (string $name): bool => (new \ReflectionClass($name))->isInternal(),
        );

        return new self(array_values($classes), get_defined_functions()['internal'], \PHP_VERSION);
    }

    /**
     * The snippet a separate PHP binary runs to report its own built-ins as JSON.
     * It runs with no code of ours loaded, so everything declared is built in.
     */
    public static function probeCode(): string
    {
        return 'echo json_encode(["classes" => array_merge(get_declared_classes(), get_declared_interfaces(), '.
            'get_declared_traits()), "functions" => get_defined_functions()["internal"], "version" => PHP_VERSION]);';
    }

    public static function fromProbeOutput(ProcessResult $result): self
    {
        $json = $result->stdout;
        $data = json_decode($json, true);
        if (!\is_array($data) || !\is_array($data['classes'] ?? null) || !\is_array($data['functions'] ?? null)) {
            $asking = 'Asking PHP for its built-in classes';
            $start = substr($json, 0, 200);
            [$command, $exitCode, $stderr] = [$result->command, $result->exitCode, $result->stderr];

            throw ProcessFailed::unreadableOutput($asking, $command, $exitCode, $stderr, $start);
        }

        $version = \is_string($data['version'] ?? null) ? $data['version'] : \PHP_VERSION;

        return new self(array_values($data['classes']), array_values($data['functions']), $version);
    }

    /** The same built-ins, for planning by the rules of another PHP version. */
    public function withPhpVersion(string $phpVersion): self
    {
        return new self(array_keys($this->classes), array_keys($this->functions), $phpVersion);
    }

    public function hasClass(string $name): bool
    {
        return isset($this->classes[strtolower(ltrim($name, '\\'))]);
    }

    public function hasFunction(string $name): bool
    {
        return isset($this->functions[strtolower(ltrim($name, '\\'))]);
    }
}
