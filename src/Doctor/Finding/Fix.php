<?php

declare(strict_types=1);

namespace Preheat\Doctor\Finding;

use Preheat\Doctor\Profile\IniFiles;
use Preheat\Doctor\Profile\SettingLocation;

/**
 * The exact line to change: `key = value` in a file, at the line that sets it now (or the commented-out
 * default to replace), or to be added when no line mentions it.
 */
final class Fix
{
    public function __construct(
        public readonly string $file,
        public readonly ?int $line,
        public readonly string $setting,
        public readonly string $value,
        public readonly ?string $current = null,
        public readonly ?string $note = null,
    ) {
    }

    /**
     * The change at $location, with what stands in its way: a syntax error above it, a file the user cannot write or
     * that a package owns.
     */
    public static function at(SettingLocation $location, string $value): self
    {
        $notes = [];
        $broken = $location->brokenBy;
        if (null !== $broken) {
            $notes[] = \sprintf(
                'PHP stops reading %s at its syntax error on line %d: %s',
                $broken->file,
                $broken->line,
                null === $location->line
                    ? 'add it above that line, or fix that line first; anything added after it is never read'
                    : 'fix that line too',
            );
        }
        $overrides = $location->overrides;
        if (null !== $overrides) {
            $notes[] = \sprintf(
                'a file of its own, read after %s:%d `%s`, which it overrides',
                $overrides->file,
                $overrides->line ?? 0,
                $overrides->text ?? '',
            );
        } elseif (
            null === $location->line
            && str_ends_with($location->file, '/'.IniFiles::OWN_FILE)
            && !is_file($location->file)
        ) {
            $notes[] = 'a new file: PHP reads the scanned directory\'s *.ini in name order, this one last';
        }
        $problem = str_starts_with($location->file, '/') ? EditableFile::inspect($location->file)->problem() : null;
        if (null !== $problem) {
            $notes[] = $problem;
        }

        return new self(
            $location->file,
            $location->line,
            $location->setting,
            $value,
            $location->text,
            [] === $notes ? null : implode('; ', $notes),
        );
    }

    public function withNote(string $note): self
    {
        return new self(
            $this->file,
            $this->line,
            $this->setting,
            $this->value,
            $this->current,
            null === $this->note ? $note : $this->note.'; '.$note,
        );
    }

    public function newLine(): string
    {
        return $this->setting.' = '.$this->value;
    }

    /**
     * "/etc/php/8.2/fpm/php.ini:1790: opcache.interned_strings_buffer = 16 (was `;opcache.interned_strings_buffer=8`)".
     */
    public function describe(): string
    {
        $where = $this->file.(null === $this->line ? '' : ':'.$this->line);

        $fix = null === $this->current
            ? \sprintf('%s: add `%s`', $where, $this->newLine())
            : \sprintf('%s: `%s` (now `%s`)', $where, $this->newLine(), $this->current);

        return null === $this->note ? $fix : $fix.' ('.$this->note.')';
    }
}
