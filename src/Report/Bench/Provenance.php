<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Environment;
use Preheat\Version;
use Symfony\Component\Process\Process;

/**
 * Where a report comes from, for whoever reads it later or compares it with another: when it was made, by which
 * Preheat, on which PHP and OPcache (OPcache ships with PHP and carries its version), the app's git revision when
 * the app is a git tree, and the machine (CPU model, cores, kernel).
 */
final class Provenance
{
    public function __construct(
        /** ISO 8601, UTC, to the second */
        public readonly string $time,
        public readonly string $preheat,
        public readonly string $php,
        public readonly string $opcache,
        public readonly ?string $appRevision,
        public readonly ?string $cpuModel,
        public readonly int $cores,
        public readonly string $kernel,
    ) {
    }

    /** The run's own: its environment, the app's revision read from git, the kernel this process runs on. */
    public static function collect(
        Environment $environment,
        ?string $projectRoot,
        ?\DateTimeImmutable $now = null,
    ): self {
        return new self(
            ($now ?? new \DateTimeImmutable())->setTimezone(new \DateTimeZone('UTC'))->format('Y-m-d\TH:i:s\Z'),
            Version::VERSION,
            $environment->php,
            $environment->php,
            null === $projectRoot ? null : self::revision($projectRoot),
            $environment->cpuModel,
            $environment->cores,
            php_uname('s').' '.php_uname('r'),
        );
    }

    /** The commit checked out, with "+changes" when the tree differs from it; null when not a git tree. */
    private static function revision(string $root): ?string
    {
        if (!is_dir($root)) {
            return null;
        }
        // The app may belong to another user than the one running the bench: git would refuse it as unsafe.
        $git = static function (array $arguments) use ($root): ?string {
            $process = new Process(['git', '-c', 'safe.directory=*', '-C', $root, ...$arguments], null, null, null, 10);
            try {
                $process->run();
            } catch (\Throwable) {
                return null;
            }

            return $process->isSuccessful() ? trim($process->getOutput()) : null;
        };
        $commit = $git(['rev-parse', '--short=12', 'HEAD']);
        if (null === $commit || '' === $commit) {
            return null;
        }

        return $commit.('' === ($git(['status', '--porcelain', '--untracked-files=no']) ?? '') ? '' : '+changes');
    }
}
