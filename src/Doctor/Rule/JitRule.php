<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Fix;
use Preheat\Doctor\Finding\Rung;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;
use Preheat\Php\IniSize;

/**
 * The JIT: on when it has a buffer and a mode other than off. Web apps seldom gain from it; it costs memory per server.
 */
final class JitRule implements Rule
{
    public function check(ServerConfig $server, AppProfile $app): array
    {
        $buffer = IniSize::bytes($server->setting('opcache.jit_buffer_size')) ?? 0;
        $mode = strtolower(trim($server->setting('opcache.jit')));
        if (!$server->flag('opcache.enable') || 0 === $buffer || \in_array($mode, ['', '0', 'off', 'disable'], true)) {
            return [];
        }

        return [new Finding(
            'jit-on',
            Severity::Notice,
            \sprintf('The JIT is on (opcache.jit=%s, %d MB buffer)', $mode, (int) ($buffer / 1048576)),
            'Typical web requests spend their time in the framework and I/O, where the JIT gains little; it helps '
            .'CPU-bound code. Keep it only if a benchmark of this app shows a gain; its buffer is taken from the '
            .'machine\'s memory either way.',
            [Fix::at($server->ini->fixLocation('opcache.jit_buffer_size'), '0')],
            Rung::Ceiling,
        )];
    }
}
