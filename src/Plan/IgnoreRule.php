<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\InvalidSetting;
use Preheat\Setting;
use Preheat\Util\RelativePath;

/**
 * One --ignore pattern: a namespace prefix (`Laravel\Telescope`) or a path glob
 * relative to the project root (`vendor/laravel/telescope`, `src/*Test.php`).
 */
final class IgnoreRule
{
    private function __construct(
        public readonly string $pattern,
        private readonly bool $isPath,
    ) {
    }

    public static function parse(string $pattern): self
    {
        $pattern = trim($pattern);
        if ('' === $pattern) {
            $message = 'An empty pattern to ignore matches nothing: '.
                'give a namespace prefix (Vendor\\Package) or a path glob (vendor/vendor/package).';

            throw InvalidSetting::because(Setting::Ignore, $message);
        }
        $isPath = str_contains(
            $pattern,
            '/',
        ) || str_contains($pattern, '*') || str_contains($pattern, '?') || str_ends_with(
            $pattern,
            '.php',
        );

        return new self($isPath ? rtrim($pattern, '/') : trim($pattern, '\\'), $isPath);
    }

    public function matchesPath(string $path, string $projectRoot): bool
    {
        if (!$this->isPath) {
            return false;
        }
        $relative = RelativePath::of($path, $projectRoot);
        foreach ([$relative, $path] as $candidate) {
            if (fnmatch($this->pattern, $candidate) || fnmatch($this->pattern.'/*', $candidate)) {
                return true;
            }
        }

        return false;
    }

    public function matchesClass(string $class): bool
    {
        if ($this->isPath) {
            return false;
        }
        $class = ltrim($class, '\\');

        return 0 === strcasecmp($class, $this->pattern) || 0 === stripos($class, $this->pattern.'\\');
    }
}
