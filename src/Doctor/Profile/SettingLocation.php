<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

/**
 * Where an ini setting is written: the file and line that set it last (PHP reads php.ini, then the
 * scanned .ini files in order; the last one wins), or a commented-out line to replace, or just the
 * file to add it to. $text is the line as written; null when nothing mentions the setting. $brokenBy:
 * the file has a syntax error PHP stops reading at (the location is above it, or is to be added). $overrides:
 * for a line to add to a file of its own that PHP reads last, the line it takes over from.
 */
final class SettingLocation
{
    public function __construct(
        public readonly string $setting,
        public readonly string $file,
        public readonly ?int $line = null,
        public readonly ?string $text = null,
        public readonly ?IniSyntaxError $brokenBy = null,
        public readonly ?self $overrides = null,
    ) {
    }

    /** The same place in a file PHP stops reading at $error (a line above it, or none yet). */
    public function brokenAt(IniSyntaxError $error): self
    {
        return new self($this->setting, $this->file, $this->line, $this->text, $error, $this->overrides);
    }
}
