<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Inventory\Inventory;
use Preheat\Util\RelativePath;

/**
 * Looks for a class the scanned paths do not declare: in the project's files outside them, and in the
 * include_path of the PHP that runs the app (Debian installs libraries in /usr/share/php), where a
 * library is laid out by namespace (PSR-0: Foo\Bar_Baz in Foo/Bar/Baz.php).
 */
final class ClassLocator
{
    /** @var list<string>|null */
    private ?array $includePath = null;

    /**
     * @param \Closure(): list<string> $askIncludePath the target PHP's include_path directories, asked only when needed
     * @param list<string>             $givenPaths     --path values given (empty: the defaults were scanned)
     */
    public function __construct(
        private readonly string $projectRoot,
        private readonly Inventory $context,
        private readonly \Closure $askIncludePath,
        private readonly array $givenPaths = [],
    ) {
    }

    public static function none(): self
    {
        return new self('/', new Inventory([]), static fn (): array => []);
    }

    public function locate(string $class): ?ClassLocation
    {
        $class = ltrim($class, '\\');
        foreach ($this->context->filesDeclaringClass($class) as $file) {
            $relative = RelativePath::of($file, $this->projectRoot);
            if ($relative === $file) {
                continue; // not in the project
            }
            $top = explode('/', $relative)[0];

            return new ClassLocation(
                $file,
                'in the project, outside the scanned paths',
                str_contains($relative, '/') ? $this->paths($top) : null,
            );
        }
        foreach ($this->includePath() as $directory) {
            foreach (array_unique([strtr($class, '\\', '/'), strtr($class, '\\_', '//')]) as $candidate) {
                $file = $directory.'/'.$candidate.'.php';
                if (is_file($file) && $this->declares($file, $class)) {
                    $first = explode('/', $candidate)[0];

                    return new ClassLocation(
                        $file,
                        \sprintf("in PHP's include_path (%s)", $directory),
                        $this->paths($directory.'/'.$first),
                    );
                }
            }
        }

        return null;
    }

    /** The paths that scan what was scanned plus $path (given paths replace the default roots, hence "."). */
    private function paths(string $path): string
    {
        $paths = [] === $this->givenPaths ? ['.'] : $this->givenPaths;
        $paths[] = $path;

        return implode(', ', array_values(array_unique($paths)));
    }

    /** @return list<string> */
    private function includePath(): array
    {
        if (null === $this->includePath) {
            $directories = [];
            foreach (($this->askIncludePath)() as $directory) {
                $real = str_starts_with($directory, '/') ? realpath($directory) : false;
                if (false !== $real && is_dir($real)) {
                    $directories[] = $real;
                }
            }
            $this->includePath = $directories;
        }

        return $this->includePath;
    }

    private function declares(string $file, string $class): bool
    {
        $short = substr((string) strrchr('\\'.$class, '\\'), 1);
        $code = @file_get_contents($file, false, null, 0, 1 << 20);

        return \is_string($code) && 1 === preg_match(
            '/\b(class|interface|trait|enum)\s+'.preg_quote($short, '/').'\b/i',
            $code,
        );
    }
}
