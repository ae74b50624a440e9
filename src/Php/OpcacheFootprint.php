<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\Process\InterruptGuard;
use Preheat\Process\ProcessRunner;

/**
 * What an app's files take in OPcache once compiled: a PHP with the given ini and OPcache on (and room
 * to spare) compiles every file and reports the shared memory and interned strings they added.
 */
final class OpcacheFootprint
{
    /** Shared memory per byte of source, compiled (Debian's Laravel 8 + Symfony 5: 42 MB for 15.6 MB). */
    public const OPCACHE_BYTES_PER_SOURCE_BYTE = 2.8;

    /** Interned strings per byte of source (the same sources: 6.4 MB). */
    public const INTERNED_BYTES_PER_SOURCE_BYTE = 0.42;

    private const MARKER = '@@PREHEAT-OPCACHE-FOOTPRINT@@';

    public function __construct(
        public readonly int $opcacheBytes,
        public readonly int $internedBytes,
        public readonly bool $measured,
    ) {
    }

    /** From the source size, with the ratios measured on Laravel's and Symfony's sources. */
    public static function estimate(int $sourceBytes): self
    {
        return new self(
            (int) ($sourceBytes * self::OPCACHE_BYTES_PER_SOURCE_BYTE),
            (int) ($sourceBytes * self::INTERNED_BYTES_PER_SOURCE_BYTE),
            false,
        );
    }

    /**
     * @param list<string> $files
     *
     * @throws \RuntimeException with PHP's output when it reports nothing (no OPcache)
     */
    public static function measure(
        ProcessRunner $runner,
        string $phpBinary,
        ?string $iniFile,
        ?string $scanDir,
        array $files,
    ): self {
        $list = InterruptGuard::instance()->temporaryFile(sys_get_temp_dir(), 'preheat-footprint-');
        if (false === $list) {
            throw new \RuntimeException('cannot create a temporary file');
        }
        try {
            // Serialized, not one path a line: a file name may hold a line break.
            file_put_contents($list, serialize($files));
            $code = '$before = opcache_get_status(false);'
                .'foreach (unserialize(file_get_contents('.var_export($list, true).'), ["allowed_classes" => false])'
                .' as $f) { try { @opcache_compile_file($f); } catch (\Throwable) {} }'
                .'$after = opcache_get_status(false);'
                .Probe::emit(
                    '[$after["memory_usage"]["used_memory"] - $before["memory_usage"]["used_memory"], '
                    .'$after["interned_strings_usage"]["used_memory"]'
                    .' - $before["interned_strings_usage"]["used_memory"]]',
                    self::MARKER,
                );
            $command = [$phpBinary];
            if (null !== $iniFile) {
                array_push($command, '-c', $iniFile);
            }
            array_push(
                $command,
                '-d', 'opcache.enable=1', '-d', 'opcache.enable_cli=1',
                '-d', 'opcache.preload=', '-d', 'opcache.file_cache=',
                '-d', 'opcache.memory_consumption=4096', '-d', 'opcache.interned_strings_buffer=1024',
                '-d', 'opcache.max_accelerated_files=1000000',
                '-d', 'opcache.jit_buffer_size=0', '-d', 'memory_limit=-1', '-r', $code,
            );
            $result = $runner->run($command, null, 600.0, null === $scanDir ? null : ['PHP_INI_SCAN_DIR' => $scanDir]);
        } finally {
            @unlink($list);
            InterruptGuard::instance()->forgetPath($list);
        }
        $data = Probe::decode($result->stdout, self::MARKER);
        if (!\is_array($data) || !\is_int($data[0] ?? null) || !\is_int($data[1] ?? null)) {
            throw new \RuntimeException(
                trim($result->stderr.$result->stdout) ?: 'PHP printed nothing (is OPcache installed?)',
            );
        }

        return new self($data[0], $data[1], true);
    }
}
