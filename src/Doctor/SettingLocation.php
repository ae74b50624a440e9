<?php

declare(strict_types=1);

namespace Preheat\Doctor;

/**
 * Where an ini setting is written: the file and line that set it last (PHP reads php.ini, then the
 * scanned .ini files in order; the last one wins), or a commented-out line to replace, or just the
 * file to add it to. $text is the line as written; null when nothing mentions the setting.
 */
final class SettingLocation
{
    public function __construct(
        public readonly string $setting,
        public readonly string $file,
        public readonly ?int $line = null,
        public readonly ?string $text = null,
    ) {
    }
}
