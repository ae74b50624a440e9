<?php

declare(strict_types=1);

namespace Preheat\Php;

/**
 * The php.ini php-fpm uses and the settings it gives, read once per run: what verify, generate and
 * the bench's stacks all boot with. Settings Preheat changes on purpose are overrides, each with the
 * option that asked for it, so that every report can say what differs from the server.
 */
final class PhpSettings
{
    /** The settings every report shows and the advice speaks of. */
    public const SHOWN = [
        'memory_limit',
        'opcache.memory_consumption',
        'opcache.interned_strings_buffer',
        'opcache.max_accelerated_files',
        'opcache.preload_user',
        'opcache.jit',
        'opcache.preload',
    ];

    /**
     * @param string|null           $iniFile     the php.ini loaded; null when PHP runs on its built-in defaults
     * @param string                $source      how that file was found, e.g. "php-fpm8.2 -i" or "--ini"
     * @param string|null           $scanDir     the directory of extra .ini files php-fpm scans (PHP_INI_SCAN_DIR)
     * @param array<string, string> $values      the effective value of each setting in SHOWN, as ini_get() says
     * @param array<string, string> $overrides   setting => value Preheat sets on top of the ini
     * @param array<string, string> $reasons     setting => the option that asked for the override
     * @param string|null           $iniContents the ini file as it was read once, for the bench's per-scenario copies
     */
    public function __construct(
        public readonly ?string $iniFile,
        public readonly string $source,
        public readonly ?string $scanDir = null,
        public readonly array $values = [],
        public readonly array $overrides = [],
        public readonly array $reasons = [],
        public readonly ?string $iniContents = null,
    ) {
    }

    public function withOverride(string $setting, string $value, string $reason): self
    {
        return new self(
            $this->iniFile,
            $this->source,
            $this->scanDir,
            $this->values,
            [$setting => $value] + $this->overrides,
            [$setting => $reason] + $this->reasons,
            $this->iniContents,
        );
    }

    /** The value PHP runs with: an override, else what the ini says. */
    public function value(string $setting): ?string
    {
        return $this->overrides[$setting] ?? $this->values[$setting] ?? null;
    }

    /** A size setting in bytes (memory_limit, or OPcache's sizes in MB); null when unlimited or unknown. */
    public function bytes(string $setting): ?int
    {
        $value = $this->value($setting);
        if (null === $value || '' === trim($value) || str_starts_with(trim($value), '-')) {
            return null;
        }
        if ('memory_limit' !== $setting) {
            return (int) $value * 1048576;
        }

        return IniSize::bytes($value);
    }

    /**
     * The environment PHP needs to read the same extra .ini files as php-fpm.
     *
     * @return array<string, string>
     */
    public function environment(): array
    {
        return null === $this->scanDir ? [] : ['PHP_INI_SCAN_DIR' => $this->scanDir];
    }

    /** One line for reports: which file, and the settings that decide whether preloading fits. */
    public function describe(): string
    {
        $parts = [];
        foreach (self::SHOWN as $setting) {
            $value = $this->value($setting);
            if (null === $value || '' === $value || 'opcache.preload_user' === $setting) {
                continue;
            }
            $reason = $this->reasons[$setting] ?? (
                'opcache.preload' === $setting ? 'the ini\'s own, not run: Preheat sets its own' : null
            );
            $parts[] = $setting.'='.$value.(null !== $reason ? ' ('.$reason.')' : '');
        }

        return \sprintf('%s (%s); %s', $this->iniFile ?? 'no php.ini', $this->source, implode(', ', $parts));
    }
}
