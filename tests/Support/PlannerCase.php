<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Plan\PlanResult;

/**
 * One planner case: a directory under tests/Fixtures/projects that holds the project (`project/`), what
 * planning it must give (`expected.txt`), the script written for it (`expected.preload.php`) and, when
 * the case is planned with options, `case.json`. Adding a case is adding such a directory.
 *
 * expected.txt, with `#` comments (the first one is the case's title) and three sections:
 *
 *     included:               every file the script includes (exactly these), relative to the project
 *         src/Kernel.php
 *     dropped files:          files left out, each with its reason (others may be left out too)
 *         src/Debug.php: dev-package
 *     dropped classes:        classes left out, each with its reason
 *         App\Debug: dev-package
 *
 * case.json (optional): {"ignore": [...], "include-dev": true, "paths": [...], "include-dirs": [...]}, the
 * options of `generate` of the same names, and "php": "8.4", the PHP version the case is planned for (its
 * syntax and link rules; by default that of the PHP running the tests).
 */
final readonly class PlannerCase
{
    public const ROOT = __DIR__.'/../Fixtures/projects';

    private const SECTIONS = ['included', 'dropped files', 'dropped classes'];

    private const OPTIONS = ['ignore', 'include-dev', 'paths', 'include-dirs', 'php'];

    /**
     * @param list<string>          $included       files expected in the script, relative to the project
     * @param array<string, string> $droppedFiles   file => reason expected
     * @param array<string, string> $droppedClasses class => reason expected
     * @param list<string>          $ignore
     * @param list<string>          $paths
     * @param list<string>          $includeDirs
     */
    private function __construct(
        public string $name,
        public string $directory,
        public string $title,
        public array $included,
        public array $droppedFiles,
        public array $droppedClasses,
        public array $ignore = [],
        public bool $includeDev = false,
        public array $paths = [],
        public array $includeDirs = [],
        public ?string $php = null,
    ) {
    }

    /** @return list<string> the name of every case directory */
    public static function names(): array
    {
        $names = array_map('basename', glob(self::ROOT.'/*', \GLOB_ONLYDIR) ?: []);
        sort($names);

        return $names;
    }

    public static function load(string $name): self
    {
        $directory = self::ROOT.'/'.$name;
        if (!is_dir($directory.'/project')) {
            throw new \UnexpectedValueException("$directory has no project/ directory");
        }
        $expected = self::parseExpected($directory.'/expected.txt');
        $options = self::parseOptions($directory.'/case.json');

        return new self(
            $name,
            $directory,
            $expected['title'],
            $expected['included'],
            $expected['dropped files'],
            $expected['dropped classes'],
            $options['ignore'],
            $options['include-dev'],
            $options['paths'],
            $options['include-dirs'],
            $options['php'],
        );
    }

    public function project(): string
    {
        return $this->directory.'/project';
    }

    /** The golden preload script: what the writer gives for this case's plan, written to the project root. */
    public function goldenScript(): string
    {
        return $this->directory.'/expected.preload.php';
    }

    /** Plans the project as `generate` does with the case's options. */
    public function result(): PlanResult
    {
        return FixtureProjects::result(
            FixtureProjects::path($this->name),
            $this->ignore,
            $this->includeDev,
            $this->paths,
            $this->includeDirs,
            $this->php,
        );
    }

    /** Plans the project as `generate` does with the case's options, for PHP $php. */
    public function resultFor(string $php): PlanResult
    {
        return FixtureProjects::result(
            FixtureProjects::path($this->name),
            $this->ignore,
            $this->includeDev,
            $this->paths,
            $this->includeDirs,
            $php,
        );
    }

    /**
     * @return array{title: string, included: list<string>, 'dropped files': array<string, string>,
     *               'dropped classes': array<string, string>}
     */
    private static function parseExpected(string $file): array
    {
        $lines = @file($file, \FILE_IGNORE_NEW_LINES);
        if (false === $lines) {
            throw new \UnexpectedValueException("$file is missing: each case states what planning its project gives");
        }
        $title = null;
        $section = null;
        $included = [];
        $dropped = ['dropped files' => [], 'dropped classes' => []];
        foreach ($lines as $index => $line) {
            $where = $file.':'.($index + 1);
            if ('' === trim($line)) {
                continue;
            }
            if (str_starts_with($line, '#')) {
                $title ??= trim(substr($line, 1));
                continue;
            }
            if (!ctype_space($line[0])) {
                $section = rtrim($line, ':');
                if (!str_ends_with($line, ':') || !\in_array($section, self::SECTIONS, true)) {
                    $headers = implode(', ', array_map(static fn (string $s): string => $s.':', self::SECTIONS));
                    throw new \UnexpectedValueException("$where: expected a section header ($headers)");
                }
                continue;
            }
            $entry = trim($line);
            if ('included' === $section) {
                $included[] = $entry;
                continue;
            }
            $colon = strrpos($entry, ': ');
            if (null === $section || false === $colon) {
                throw new \UnexpectedValueException(
                    "$where: expected \"file-or-class: reason\" under a dropped section",
                );
            }
            $dropped[$section][substr($entry, 0, $colon)] = substr($entry, $colon + 2);
        }
        if (null === $title || '' === $title) {
            throw new \UnexpectedValueException("$file: the first comment line is the case's title; there is none");
        }

        return [
            'title' => $title,
            'included' => $included,
            'dropped files' => $dropped['dropped files'],
            'dropped classes' => $dropped['dropped classes'],
        ];
    }

    /**
     * @return array{ignore: list<string>, 'include-dev': bool, paths: list<string>, 'include-dirs': list<string>,
     *               php: string|null}
     */
    private static function parseOptions(string $file): array
    {
        $options = ['ignore' => [], 'include-dev' => false, 'paths' => [], 'include-dirs' => [], 'php' => null];
        if (!is_file($file)) {
            return $options;
        }
        $json = json_decode((string) file_get_contents($file), true);
        if (!\is_array($json)) {
            throw new \UnexpectedValueException("$file: expected a JSON object of options");
        }
        foreach ($json as $key => $value) {
            if ('include-dev' === $key && \is_bool($value)) {
                $options['include-dev'] = $value;
            } elseif ('php' === $key && \is_string($value) && 1 === preg_match('/^\d+\.\d+(\.\d+)?$/', $value)) {
                $options['php'] = $value;
            } elseif (\in_array($key, ['ignore', 'paths', 'include-dirs'], true) && self::isListOfStrings($value)) {
                $options[$key] = $value;
            } else {
                throw new \UnexpectedValueException(
                    "$file: \"$key\" is not an option of a case, or has the wrong type "
                    .'(known: '.implode(', ', self::OPTIONS).'; '
                    .'include-dev is true or false, php a version such as "8.4", the others lists of strings)',
                );
            }
        }

        return $options;
    }

    /** @phpstan-assert-if-true list<string> $value */
    private static function isListOfStrings(mixed $value): bool
    {
        return \is_array($value) && array_is_list($value)
            && [] === array_filter($value, static fn (mixed $item): bool => !\is_string($item));
    }
}
