<?php

declare(strict_types=1);

namespace Preheat\Composer;

/**
 * The class-to-file rules of a Composer autoloader (classmap, PSR-4, PSR-0), applied in the
 * order Composer's ClassLoader applies them, so that "which file would the app load for X?"
 * has the same answer here as at run time.
 */
final class AutoloadRules
{
    /** @var array<string, list<string>> PSR-4 prefix (with trailing backslash) => directories */
    private readonly array $psr4;

    /** @var array<string, list<string>> PSR-0 prefix => directories */
    private readonly array $psr0;

    /** @var list<string> */
    private readonly array $psr4Fallback;

    /** @var list<string> */
    private readonly array $psr0Fallback;

    /**
     * @param array<string, string>              $classMap class name => file
     * @param array<string, string|list<string>> $psr4
     * @param array<string, string|list<string>> $psr0
     * @param list<string>                       $files    files the autoloader includes on every request
     */
    public function __construct(
        public readonly array $classMap = [],
        array $psr4 = [],
        array $psr0 = [],
        public readonly array $files = [],
    ) {
        [$this->psr4, $this->psr4Fallback] = self::splitFallback($psr4);
        [$this->psr0, $this->psr0Fallback] = self::splitFallback($psr0);
    }

    public static function none(): self
    {
        return new self();
    }

    /**
     * Reads the rules Composer dumped into vendor/composer, without running the files (they are the project's).
     *
     * @throws ProjectError when one holds what Composer does not write
     */
    public static function fromVendorDirectory(string $vendorDir): self
    {
        // Each map as Composer writes it: string keys, and paths (a list of them per prefix); anything else is
        // refused rather than handed on to fail as a type error far from the file.
        $read = static function (string $name, bool $pathLists) use ($vendorDir): array {
            $file = $vendorDir.'/composer/'.$name;
            $map = is_file($file) ? DumpedArrayFile::read($file) : [];
            foreach ($map as $key => $paths) {
                $paths = $pathLists && \is_array($paths) ? $paths : [$paths];
                $strings = array_filter($paths, 'is_string');
                if (!\is_string($key) || [] === $paths || !array_is_list($paths) || $paths !== $strings) {
                    throw ProjectError::unreadableAutoload($file, 0, \sprintf('its entry "%s" is not a path', $key));
                }
            }

            /** @var array<string, string|list<string>> $map */
            return $map;
        };
        /** @var array<string, string> $classMap */
        $classMap = $read('autoload_classmap.php', false);
        /** @var array<string, string> $files */
        $files = $read('autoload_files.php', false);

        return new self(
            $classMap,
            $read('autoload_psr4.php', true),
            $read('autoload_namespaces.php', true),
            array_values($files),
        );
    }

    /**
     * The project's own rules as its composer.json states them (PSR-4, PSR-0 and the files to include), for a project
     * whose autoloader Composer has not dumped where it can be read: what composer.json's classmap section names is
     * left out, a list of directories to scan rather than classes.
     *
     * @param array<mixed> $composer composer.json's contents
     */
    public static function fromComposerJson(string $root, array $composer): self
    {
        $autoload = \is_array($composer['autoload'] ?? null) ? $composer['autoload'] : [];
        $directories = static function (mixed $rules) use ($root): array {
            $mapped = [];
            foreach (\is_array($rules) ? $rules : [] as $prefix => $paths) {
                $list = [];
                foreach ((array) $paths as $path) {
                    if (\is_string($path)) {
                        $list[] = rtrim($root.'/'.$path, '/');
                    }
                }
                $mapped[(string) $prefix] = $list;
            }

            return $mapped;
        };
        $files = [];
        foreach ((array) ($autoload['files'] ?? []) as $file) {
            if (\is_string($file)) {
                $files[] = $root.'/'.$file;
            }
        }

        return new self([], $directories($autoload['psr-4'] ?? []), $directories($autoload['psr-0'] ?? []), $files);
    }

    /** The file Composer's autoloader would include for a class, or null if it knows none. */
    public function fileFor(string $class): ?string
    {
        $class = ltrim($class, '\\');
        if (isset($this->classMap[$class])) {
            return self::normalize($this->classMap[$class]);
        }
        $logicalPsr4 = strtr($class, '\\', '/').'.php';

        $subPath = $class;
        while (false !== $lastPos = strrpos($subPath, '\\')) {
            $subPath = substr($subPath, 0, $lastPos);
            foreach ($this->psr4[$subPath.'\\'] ?? [] as $directory) {
                $file = $directory.'/'.substr($logicalPsr4, $lastPos + 1);
                if (file_exists($file)) {
                    return self::normalize($file);
                }
            }
        }
        foreach ($this->psr4Fallback as $directory) {
            if (file_exists($file = $directory.'/'.$logicalPsr4)) {
                return self::normalize($file);
            }
        }

        $position = strrpos($class, '\\');
        $logicalPsr0 = false === $position
            ? strtr($class, '_', '/').'.php'
            : substr($logicalPsr4, 0, $position + 1).strtr(substr($logicalPsr4, $position + 1), '_', '/');
        foreach ($this->psr0 as $prefix => $directories) {
            if (str_starts_with($class, $prefix)) {
                foreach ($directories as $directory) {
                    if (file_exists($file = $directory.'/'.$logicalPsr0)) {
                        return self::normalize($file);
                    }
                }
            }
        }
        foreach ($this->psr0Fallback as $directory) {
            if (file_exists($file = $directory.'/'.$logicalPsr0)) {
                return self::normalize($file);
            }
        }

        return null;
    }

    /**
     * Every directory or file the rules point into.
     *
     * @return list<string>
     */
    public function paths(): array
    {
        $paths = [...array_values($this->classMap), ...$this->files, ...$this->psr4Fallback, ...$this->psr0Fallback];
        foreach ([...$this->psr4, ...$this->psr0] as $directories) {
            array_push($paths, ...$directories);
        }

        return array_values(array_unique($paths));
    }

    /**
     * @param array<string, string|list<string>> $rules
     *
     * @return array{array<string, list<string>>, list<string>}
     */
    private static function splitFallback(array $rules): array
    {
        $prefixed = [];
        $fallback = [];
        foreach ($rules as $prefix => $directories) {
            $directories = array_map(static fn (string $d): string => rtrim($d, '/'), (array) $directories);
            if ('' === $prefix) {
                $fallback = $directories;
            } else {
                $prefixed[$prefix] = $directories;
            }
        }

        return [$prefixed, $fallback];
    }

    private static function normalize(string $file): string
    {
        return realpath($file) ?: $file;
    }
}
