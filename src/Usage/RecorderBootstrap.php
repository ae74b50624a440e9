<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Recorder\StoreDsn;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * What a bootstrap `preheat record --install` wrote says, read back from its text (never run: running
 * it would record): which recorder it loads, where it records, and how often.
 */
final class RecorderBootstrap
{
    private const STRING = "'((?:[^'\\\\]|\\\\.)*)'";

    /** @param array<string, mixed>|null $store normalized by StoreDsn; null when it cannot be read */
    public function __construct(
        public readonly string $path,
        public readonly ?string $recorderPath,
        public readonly ?array $store,
        public readonly int $sample,
        public readonly int $batch,
        public readonly int $flushSeconds,
    ) {
    }

    /** @return self|null null when the file is not a recorder bootstrap (or cannot be read) */
    public static function read(string $path): ?self
    {
        try {
            // A bootstrap Preheat writes is a few hundred bytes.
            $code = BoundedRead::file($path, 1024 * 1024);
        } catch (BoundedReadError) {
            return null;
        }
        if (!str_contains($code, 'Preheat\Recorder\Recorder::start(')) {
            return null;
        }
        $recorder = 1 === preg_match('~require_once '.self::STRING.';~', $code, $m) ? self::unquote($m[1]) : null;
        $store = null;
        if (1 === preg_match("~'store' => \\[(.*)\\],\\n~", $code, $m)) {
            preg_match_all("~'(\\w+)' => (".self::STRING.'|[\d.]+|NULL|null)~', $m[1], $pairs, \PREG_SET_ORDER);
            $fields = [];
            foreach ($pairs as $pair) {
                $fields[$pair[1]] = match (true) {
                    '' !== ($pair[3] ?? '') || str_starts_with($pair[2], "'") => self::unquote($pair[3] ?? ''),
                    is_numeric($pair[2]) => str_contains($pair[2], '.') ? (float) $pair[2] : (int) $pair[2],
                    default => null,
                };
            }
            RecorderFile::load();
            try {
                $store = StoreDsn::normalize($fields);
            } catch (\InvalidArgumentException) {
                $store = null;
            }
        }

        return new self(
            $path,
            $recorder,
            $store,
            self::number($code, 'sample', 10),
            self::number($code, 'batch', 50),
            self::number($code, 'flushSeconds', 60),
        );
    }

    public function describeStore(): ?string
    {
        if (null === $this->store) {
            return null;
        }
        RecorderFile::load();

        return StoreDsn::describe($this->store);
    }

    private static function number(string $code, string $key, int $default): int
    {
        return 1 === preg_match("~'".$key."' => (\\d+),~", $code, $m) ? (int) $m[1] : $default;
    }

    private static function unquote(string $exported): string
    {
        return (string) preg_replace('~\\\\([\\\\\'])~', '$1', $exported);
    }
}
