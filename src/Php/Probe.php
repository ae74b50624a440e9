<?php

declare(strict_types=1);

namespace Preheat\Php;

/**
 * How a probe run inside PHP hands data back: serialize(), base64 between markers. Binary-safe, unlike
 * JSON, which fails on names that are not UTF-8 (PHP allows any byte above 0x7F in a class name).
 */
final class Probe
{
    /**
     * What a PHP CLI that only reports on an ini runs with: OPcache off in the CLI, so that the ini's opcache.preload
     * (an app's whole preload, on a server that preloads) does not run, while ini_get() still reads it as configured.
     * Code given with -r runs neither auto_prepend_file nor auto_append_file.
     */
    public const CLI_SETTINGS = ['-d', 'opcache.enable_cli=0'];

    /** PHP code that prints $expression for decode(); the expression may use any variables the code set before. */
    public static function emit(string $expression, string $marker): string
    {
        return 'echo "'.$marker.'", base64_encode(serialize('.$expression.')), "'.$marker.'";';
    }

    public static function decode(string $output, string $marker): mixed
    {
        $start = strpos($output, $marker);
        if (false === $start) {
            return null;
        }
        $rest = substr($output, $start + \strlen($marker));
        $end = strpos($rest, $marker);
        $encoded = base64_decode(false === $end ? $rest : substr($rest, 0, $end), true);
        if (false === $encoded) {
            return null;
        }
        $data = @unserialize($encoded, ['allowed_classes' => false]);

        return false === $data && 'b:0;' !== $encoded ? null : $data;
    }
}
