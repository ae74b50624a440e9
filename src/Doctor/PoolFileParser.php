<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\Doctor\Profile\PoolConfig;

/**
 * Reads php-fpm pool files (pool.d/*.conf: ini syntax, one [section] per pool). A file that php-fpm
 * could not read either is bad input, named with PHP's own complaint.
 */
final class PoolFileParser
{
    /** @return list<PoolConfig> */
    public function parse(string $file): array
    {
        $text = @file_get_contents($file);
        if (false === $text) {
            throw DoctorInputError::unreadablePool($file);
        }
        // PHP's own complaint, caught as it is raised: error_get_last() would give an older, unrelated
        // message (a deprecation from anywhere in this process), since the handler keeps it from being recorded.
        $error = 'syntax error';
        set_error_handler(static function (int $level, string $message) use (&$error): bool {
            $error = $message;

            return true;
        });
        try {
            $parsed = parse_ini_string($text, true, \INI_SCANNER_RAW);
        } finally {
            restore_error_handler();
        }
        if (false === $parsed) {
            throw DoctorInputError::badPool($file, $error);
        }
        $pools = [];
        $lines = $this->lineNumbers($text);
        foreach ($parsed as $name => $section) {
            if (!\is_array($section)) {
                continue;
            }
            if ('global' === $name) {
                continue;
            }
            $values = [];
            foreach ($section as $key => $value) {
                if (\is_array($value)) {
                    foreach ($value as $sub => $v) {
                        $values[$key.'['.$sub.']'] = (string) $v;
                    }
                    continue;
                }
                $values[(string) $key] = (string) $value;
            }
            if (isset($values['pm.max_children']) && !ctype_digit(trim($values['pm.max_children']))) {
                throw DoctorInputError::badPool(
                    $file,
                    \sprintf('pm.max_children = %s is not a number', $values['pm.max_children']),
                );
            }
            $pools[] = new PoolConfig($file, (string) $name, $values, $lines[$name] ?? []);
        }

        return $pools;
    }

    /** @return array<string, array<string, int>> pool => directive => line */
    private function lineNumbers(string $text): array
    {
        $lines = [];
        $section = '';
        foreach (preg_split('{\r?\n}', $text) ?: [] as $i => $line) {
            if (preg_match('{^\s*\[([^\]]+)\]}', $line, $m)) {
                $section = $m[1];
            } elseif (preg_match('{^\s*([A-Za-z_.]+(?:\[[^\]]*\])?)\s*=}', $line, $m)) {
                $lines[$section][$m[1]] = $i + 1;
            }
        }

        return $lines;
    }
}
