<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

use Preheat\Util\BoundedRead;

/**
 * The ini files a PHP reads, in the order it reads them (php.ini, then the scanned directory's *.ini
 * sorted by name), to say on which line a setting is written: the last line that sets it (it wins),
 * else the first commented-out line that names it (the default to uncomment), else php.ini to add it to.
 */
final class IniFiles
{
    /** Sorts after the files images and packages put in a scanned directory (10-opcache.ini, docker-php-ext-*.ini). */
    public const OWN_FILE = 'zz-preheat.ini';

    /** @var array<string, list<string>>|null file => lines */
    private ?array $lines = null;

    /** @param list<IniSyntaxError> $syntaxErrors what PHP's parser refused in these files */
    public function __construct(
        public readonly ?string $iniFile,
        public readonly ?string $scanDir = null,
        public readonly array $syntaxErrors = [],
    ) {
    }

    /** @param list<IniSyntaxError> $errors */
    public function withSyntaxErrors(array $errors): self
    {
        return new self($this->iniFile, $this->scanDir, $errors);
    }

    /** The first syntax error in $file: PHP reads nothing of that file after it. */
    public function syntaxErrorIn(string $file): ?IniSyntaxError
    {
        $real = realpath($file) ?: $file;
        foreach ($this->syntaxErrors as $error) {
            if ($error->file === $real || $error->file === $file) {
                return $error;
            }
        }

        return null;
    }

    /** @return list<string> */
    public function files(): array
    {
        $files = null === $this->iniFile ? [] : [$this->iniFile];
        if (null !== $this->scanDir) {
            foreach (explode(\PATH_SEPARATOR, $this->scanDir) as $directory) {
                $scanned = glob(rtrim($directory, '/').'/*.ini') ?: [];
                sort($scanned);
                array_push($files, ...$scanned);
            }
        }

        return $files;
    }

    public function locate(string $setting): SettingLocation
    {
        $set = null;
        $commented = null;
        $pattern = '{^\s*(;)?\s*'.preg_quote($setting, '{').'\s*=}i';
        foreach ($this->read() as $file => $lines) {
            // PHP stops reading a file at its syntax error: a line below it sets nothing.
            $last = $this->syntaxErrorIn($file)?->line;
            foreach ($lines as $i => $line) {
                if (null !== $last && $i + 1 >= $last) {
                    break;
                }
                if (!preg_match($pattern, $line, $m)) {
                    continue;
                }
                if ('' === ($m[1] ?? '')) {
                    $set = new SettingLocation($setting, $file, $i + 1, trim($line));
                } else {
                    $commented ??= new SettingLocation($setting, $file, $i + 1, trim($line));
                }
            }
        }

        $found = $set ?? $commented ?? new SettingLocation($setting, $this->fileToAddTo());
        $error = $this->syntaxErrorIn($found->file);

        return null === $error ? $found : $found->brokenAt($error);
    }

    /**
     * Where to change a setting: the line that sets it (or the commented-out default) in php.ini; but a line in the
     * scanned directory belongs to a file a package or an image ships (RHEL's 10-opcache.ini, the image's
     * docker-php-ext-opcache.ini): the change goes into a file of Preheat's own there, zz-preheat.ini, which PHP reads
     * last (the directory's files in name order; the last value wins), so that no packaged file is edited.
     */
    public function fixLocation(string $setting): SettingLocation
    {
        $found = $this->locate($setting);
        $own = $this->ownFile();
        if (null === $own || $found->file === $own || $found->file === $this->iniFile) {
            return $found;
        }
        if (!\in_array($found->file, $this->files(), true) && null !== $this->iniFile) {
            return $found;
        }
        $set = null !== $found->text && !str_starts_with(ltrim($found->text), ';') ? $found : null;
        $added = new SettingLocation($setting, $own, null, null, null, $set);
        $error = $this->syntaxErrorIn($own);

        return null === $error ? $added : $added->brokenAt($error);
    }

    /** The file of Preheat's own in the scanned directory (its first, when PHP_INI_SCAN_DIR names several). */
    public function ownFile(): ?string
    {
        if (null === $this->scanDir) {
            return null;
        }

        return rtrim(explode(\PATH_SEPARATOR, $this->scanDir)[0], '/').'/'.self::OWN_FILE;
    }

    /**
     * Where a setting nothing mentions goes: php.ini when OPcache is configured there (Debian's has its settings,
     * commented out); else a file of its own in the scanned directory (PHP reads every *.ini there, in name order);
     * else php.ini; without either, PHP reads no ini file at all.
     */
    private function fileToAddTo(): string
    {
        $own = $this->ownFile();
        $configuresOpcache = null !== $this->iniFile
            && str_contains(implode("\n", $this->read()[$this->iniFile] ?? []), 'opcache.');
        if (null !== $this->iniFile && (null === $own || $configuresOpcache)) {
            return $this->iniFile;
        }
        if (null !== $own) {
            return $own;
        }

        return 'php.ini (PHP reads none: `php -i` shows where it looks, "Configuration File (php.ini) Path")';
    }

    /** @return array<string, list<string>> */
    private function read(): array
    {
        if (null === $this->lines) {
            $this->lines = [];
            foreach ($this->files() as $file) {
                $text = BoundedRead::orNull($file, BoundedRead::TEXT_BYTES);
                $this->lines[$file] = null === $text ? [] : (preg_split("{\r?\n}", $text) ?: []);
            }
        }

        return $this->lines;
    }
}
