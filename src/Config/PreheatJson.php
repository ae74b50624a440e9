<?php

declare(strict_types=1);

namespace Preheat\Config;

use Preheat\ConfigError;
use Preheat\Setting;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;
use Preheat\Util\EchoedValue;

/**
 * The one reader of preheat.json (or the file --config names): bounded, decoded, checked for a key given twice
 * and for keys ConfigKeys does not know at the top. Every command that reads the file reads it here.
 */
final class PreheatJson
{
    /** A configuration is a few kilobytes; a file of megabytes is not one. */
    public const MAX_BYTES = 1024 * 1024;

    public const FILE = 'preheat.json';

    /** The project's configuration: the file --config names, else the project's preheat.json when there is one. */
    public static function read(string $projectRoot, ?string $configFile = null): ProjectConfig
    {
        $root = realpath($projectRoot);
        if (false === $root || !is_dir($root)) {
            throw ConfigError::invalid('project directory', $projectRoot, 'it does not exist', Setting::Project);
        }
        $file = $configFile ?? $root.'/'.self::FILE;
        $data = [];
        // file_exists, not is_file: a preheat.json that is a directory is a mistake to name, not a file to ignore.
        if (null !== $configFile || file_exists($file)) {
            $data = self::readJson($file);
        }
        $top = new ConfigSection($file, '', $data);
        $top->checkKeys(ConfigKeys::under(''));
        $top->optionalString('$schema');

        return new ProjectConfig($root, $file, $top);
    }

    /** @return array<string, mixed> */
    private static function readJson(string $file): array
    {
        if (is_dir($file)) {
            $error = ConfigError::unreadable(
                $file,
                'it is a directory, not a JSON file: move it away, or name the file',
                Setting::Config,
            );
            throw $error;
        }
        if (!is_file($file)) {
            throw ConfigError::unreadable($file, 'no such file', Setting::Config);
        }
        try {
            $text = BoundedRead::file($file, self::MAX_BYTES);
        } catch (BoundedReadError $error) {
            throw ConfigError::unreadable(
                $file,
                $error->isTooLarge()
                    ? $error->reason.', far more than a configuration: check that it is the right file'
                    : $error->reason,
            );
        }
        try {
            // Decoded to objects first: as arrays, `[]` and `{}` look the same, and a list is no configuration.
            $raw = json_decode($text, false, BoundedRead::DEPTH, \JSON_THROW_ON_ERROR);
            $data = json_decode($text, true, BoundedRead::DEPTH, \JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            // PHP names no place: the file is read again, by the grammar, only now that it failed.
            $syntax = JsonSyntaxError::locate($text);
            throw ConfigError::unreadable(
                $file,
                null === $syntax ? 'invalid JSON: '.$error->getMessage() : 'invalid JSON at '.$syntax->describe(),
            );
        }
        if (!$raw instanceof \stdClass || !\is_array($data)) {
            $error = ConfigError::unreadable(
                $file,
                \sprintf(
                    'the top level is %s, not an object: write {"bench": {...}, "generate": {...}}, or {} for the'
                    .' defaults',
                    self::jsonKind($raw),
                ),
            );
            throw $error;
        }
        $duplicate = DuplicateKey::find($text);
        if (null !== $duplicate) {
            $error = ConfigError::unreadable($file, \sprintf(
                'the key "%s" is given twice (line %d and line %d), and JSON keeps only the last of them without'
                .' a word: remove the one you do not mean',
                EchoedValue::cut($duplicate->path),
                $duplicate->first,
                $duplicate->again,
            ));
            throw $error;
        }

        return $data;
    }

    private static function jsonKind(mixed $value): string
    {
        return match (true) {
            \is_array($value) => [] === $value ? 'an empty list' : 'a list',
            \is_string($value) => 'a string',
            \is_int($value), \is_float($value) => 'a number',
            \is_bool($value) => 'true or false',
            null === $value => 'null',
            default => 'an object',
        };
    }
}
