<?php

declare(strict_types=1);

namespace Preheat\Worker\App;

/** What a piece of PHP code prints, also when it throws or leaves output buffers of its own open. */
final class OutputCapture
{
    /** @param \Closure(): void $code */
    public static function of(\Closure $code): string
    {
        $level = ob_get_level();
        ob_start();
        try {
            $code();
        } finally {
            $output = '';
            while (ob_get_level() > $level) {
                $output = ob_get_clean().$output;
            }
        }

        return $output;
    }
}
