<?php

declare(strict_types=1);

namespace Preheat\Worker\App;

/**
 * Calls into the app's framework, whose classes the worker names by string: it carries no framework of
 * its own and runs on whatever version the app has.
 */
final class Framework
{
    public static function isA(mixed $object, string $class): bool
    {
        return \is_object($object) && is_a($object, $class);
    }

    /** Whether the app's class loader knows $class. */
    public static function exists(string $class): bool
    {
        return class_exists($class);
    }

    public static function call(string $class, string $method, mixed ...$arguments): mixed
    {
        $callable = [$class, $method];
        if (!\is_callable($callable)) {
            throw new \RuntimeException(
                \sprintf('%s::%s() is not there: is the app\'s framework loaded?', $class, $method),
            );
        }

        return $callable(...$arguments);
    }

    public static function make(string $class, mixed ...$arguments): object
    {
        if (!class_exists($class)) {
            throw new \RuntimeException(\sprintf('Class %s is not there: is the app\'s framework loaded?', $class));
        }

        return new $class(...$arguments);
    }

    /** A shallow copy (PHP's clone, with the class's own __clone), typed loosely as every framework object here. */
    public static function copy(mixed $object): mixed
    {
        return \is_object($object) ? clone $object : throw new \RuntimeException('Only an object can be copied.');
    }

    public static function callIfThere(mixed $object, string $method, mixed ...$arguments): void
    {
        $callable = [$object, $method];
        if (\is_object($object) && \is_callable($callable)) {
            $callable(...$arguments);
        }
    }
}
