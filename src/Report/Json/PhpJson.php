<?php

declare(strict_types=1);

namespace Preheat\Report\Json;

use Preheat\Php\PhpSettings;

/** The public JSON of the php.ini a report ran with: its file, the settings shown and Preheat's overrides. */
final class PhpJson
{
    /** @return array<string, mixed> */
    public static function settings(PhpSettings $php): array
    {
        $settings = [];
        foreach (PhpSettings::SHOWN as $setting) {
            $value = $php->value($setting);
            if (null !== $value) {
                $settings[$setting] = $value;
            }
        }
        $overrides = [];
        foreach ($php->overrides as $setting => $value) {
            $overrides[$setting] = ['value' => $value, 'reason' => $php->reasons[$setting] ?? ''];
        }

        return [
            'file' => $php->iniFile,
            'source' => $php->source,
            'scanDir' => $php->scanDir,
            'settings' => $settings,
            'overrides' => $overrides,
        ];
    }
}
