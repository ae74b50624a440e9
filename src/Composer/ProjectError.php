<?php

declare(strict_types=1);

namespace Preheat\Composer;

use Preheat\AboutSetting;
use Preheat\Setting;
use Preheat\SettingError;
use Preheat\UserError;

/** The project directory is not something Preheat can read. Each message says what to do. */
final class ProjectError extends \RuntimeException implements UserError, SettingError
{
    use AboutSetting;

    public static function missingDirectory(string $path): self
    {
        return new self(\sprintf(
            'Project directory "%s" does not exist: run Preheat in your project root or name the project directory.',
            $path,
        ), Setting::Project);
    }

    public static function missingComposerJson(string $root): self
    {
        return new self(\sprintf(
            'No composer.json in "%s": run Preheat in your project root, name the project directory, '
            .'or name the paths of the code to scan.',
            $root,
        ), Setting::Project);
    }

    public static function invalidJson(string $file, string $error): self
    {
        return new self(\sprintf('Cannot read "%s": %s. Fix the JSON (try `composer validate`).', $file, $error));
    }

    /** A file Composer dumps into vendor/composer holds what Composer does not write (it is read, never run). */
    public static function unreadableAutoload(string $file, int $line, string $why): self
    {
        return new self(\sprintf(
            'Cannot read %s%s: %s. Preheat reads the autoloader\'s maps without running them, so only what '
            .'Composer writes is understood: run `composer dump-autoload` to write them again.',
            $file,
            $line > 0 ? ' on line '.$line : '',
            $why,
        ));
    }

    public static function unreadableJson(string $file, string $why): self
    {
        return new self(\sprintf('Cannot read "%s": %s. Check that it is the file Composer wrote.', $file, $why));
    }

    public static function missingVendor(string $vendorDir): self
    {
        return new self(\sprintf(
            'No installed packages: "%s" is missing, and no front controller (public/index.php, index.php, '
            .'web/index.php) requires a Composer autoloader from elsewhere. Run `composer install` in the project '
            .'first, or name the paths of the code to scan.',
            $vendorDir.'/composer/installed.json',
        ), Setting::Paths);
    }

    /** @param list<string> $roots the directories scanned */
    public static function noPhpFiles(string $root, array $roots): self
    {
        return new self(\sprintf(
            'No PHP file to preload under %s (files ending in .php, outside the directories the scan skips): '
            .'run Preheat in your project root, name the project directory, or name the paths of the code to scan.',
            implode(', ', array_map(static fn (string $dir): string => '"'.$dir.'"', [] === $roots ? [$root] : $roots)),
        ), [] === $roots ? Setting::Project : Setting::Paths);
    }

    public static function missingPath(string $path): self
    {
        return new self(\sprintf(
            'Path "%s" to scan does not exist: check the spelling, or that it is relative to the project root.',
            $path,
        ), Setting::Paths);
    }
}
