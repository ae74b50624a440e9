<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/**
 * Something verification found beyond PHP's own messages, or advice on one of them: what is wrong,
 * and, where a setting decides it, the setting to change and the value it needs.
 * Advice on a message PHP already printed is a Notice, so that nothing is counted twice.
 */
final class Finding
{
    public function __construct(
        public readonly Severity $severity,
        public readonly string $message,
        public readonly ?string $setting = null,
        public readonly ?string $value = null,
        public readonly ?string $file = null,
    ) {
    }
}
