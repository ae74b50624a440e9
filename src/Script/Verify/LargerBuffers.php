<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\InternedStrings;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcacheStatus;

/**
 * Measuring capacity with larger OPcache buffers than the php.ini's: which sizes to boot with, and what that boot
 * would have shown with the php.ini's own sizes. Pure arithmetic on the probes' statuses.
 */
final class LargerBuffers
{
    /**
     * How close under the php.ini's interned-string buffer a measurement with a larger one is not taken as the
     * php.ini's answer (the larger of the two): PHP with the php.ini's buffer is booted for its own word.
     */
    private const NEAR_BUFFER = 0.02;

    private const NEAR_BUFFER_BYTES = 65536;

    private function __construct()
    {
    }

    /**
     * A buffer four times the php.ini's (64 to 1024 MB), and OPcache memory with room for it on top of the
     * php.ini's: the buffer is carved out of that memory.
     *
     * @return array<string, string>
     */
    public static function settings(VerifyOptions $options): array
    {
        $current = (int) ($options->php->settings->value('opcache.interned_strings_buffer') ?? 8);
        $larger = self::sizes($options);

        return (int) $larger['opcache.interned_strings_buffer'] <= $current ? [] : $larger;
    }

    /**
     * The sizes settings() tries, even when the php.ini's buffer is already as large (1024 MB or more): what a
     * boot measuring the interned strings' need after an overflow runs with.
     *
     * @return array{'opcache.interned_strings_buffer': string, 'opcache.memory_consumption': string}
     */
    public static function sizes(VerifyOptions $options): array
    {
        $settings = $options->php->settings;
        $tried = min(1024, max(64, 4 * (int) ($settings->value('opcache.interned_strings_buffer') ?? 8)));
        $memory = (int) ($settings->value('opcache.memory_consumption') ?? 128);

        return [
            'opcache.interned_strings_buffer' => (string) $tried,
            'opcache.memory_consumption' => (string) ($memory + $tried),
        ];
    }

    /**
     * What a boot with larger buffers would have shown with the php.ini's own: the same preload, what it adds
     * to the buffer and to OPcache memory on top of the php.ini's baseline, whether the buffer would overflow
     * (then the need measured), and whether that is sure. It is not when the php.ini's OPcache memory could not
     * hold the preload (PHP's own messages say what happens then), nor when the interned strings come within
     * NEAR_BUFFER under the buffer: PHP booted with the php.ini's buffer has been seen to need a little more
     * than the sum. A sum over the buffer overflows there too, by as much or more: no boot needs to say so
     * (the bench tree's plan is one, and that boot was a third of a warm run's CPU). A boot that failed fails
     * with the php.ini's sizes too, unless it ran out of room, which larger buffers only make rarer: its
     * messages are kept as they are.
     *
     * @param list<StartupMessage>  $messages
     * @param array<string, string> $larger
     *
     * @return array{?OpcacheStatus, array{internedTried?: int, internedBytes?: int, internedBaselineBytes?: int,
     *     internedOverflow?: int}, bool}
     */
    public static function asThePhpIniSizes(
        ?OpcacheStatus $status,
        OpcacheStatus $baseline,
        OpcacheStatus $largerBaseline,
        array $messages,
        array $larger,
    ): array {
        if (null === $status) {
            return [null, [], true];
        }
        $used = $baseline->memory->usedBytes
            + max(0, $status->memory->usedBytes - $largerBaseline->memory->usedBytes);
        $memory = $baseline->memoryConsumptionBytes();
        $sure = 0 === $memory || $used + $status->memory->wastedBytes <= $memory;
        $needs = ['internedTried' => (int) $larger['opcache.interned_strings_buffer'] * 1048576];
        $buffer = $baseline->interned->bufferBytes;
        $interned = $buffer;
        $overflowed = [] !== array_filter($messages, StartupChecks::isInternedOverflow(...));
        if (!$overflowed && null !== $status->interned->usedBytes) {
            $own = max(0, $status->interned->usedBytes - (int) $largerBaseline->interned->usedBytes);
            $interned = (int) $baseline->interned->usedBytes + $own;
            $needs['internedBytes'] = $status->interned->usedBytes;
            $needs['internedBaselineBytes'] = (int) $largerBaseline->interned->usedBytes;
            if ($interned > $buffer) {
                $needs['internedOverflow'] = $interned;
            }
            $sure = $sure && (
                $interned > $buffer
                || $buffer - $interned > max(self::NEAR_BUFFER_BYTES, self::NEAR_BUFFER * $buffer)
            );
        }
        $ini = array_filter(
            [
                'memory_consumption' => $baseline->ini('memory_consumption'),
                'interned_strings_buffer' => $baseline->ini('interned_strings_buffer'),
            ],
            static fn (string $value): bool => '' !== $value,
        );

        return [
            new OpcacheStatus(
                php: $status->php,
                user: $status->user,
                enabled: $status->enabled,
                preload: $status->preload,
                memory: new OpcacheMemory(
                    usedBytes: $used,
                    freeBytes: max(0, $memory - $used - $status->memory->wastedBytes),
                    wastedBytes: $status->memory->wastedBytes,
                ),
                scripts: $status->scripts,
                ini: $ini + $status->ini,
                interned: new InternedStrings(
                    usedBytes: null === $status->interned->usedBytes ? null : min($interned, $buffer),
                    bufferBytes: $buffer,
                ),
                manifest: $status->manifest,
                lifetime: $status->lifetime,
            ),
            $needs,
            $sure,
        ];
    }
}
