<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\Environment;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessRunner;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Version;

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

    /**
     * The run's own: its environment, the app's revision read from git (through the run's runner, so that -vvv
     * shows it like every other program), the kernel this process runs on.
     */
    public static function collect(
        Environment $environment,
        ?string $projectRoot,
        ?\DateTimeImmutable $now = null,
        ProcessRunner $runner = new SymfonyProcessRunner(),
    ): self {
        return new self(
            ($now ?? new \DateTimeImmutable())->setTimezone(new \DateTimeZone('UTC'))->format('Y-m-d\TH:i:s\Z'),
            Version::VERSION,
            $environment->phpSetup->version,
            $environment->phpSetup->version,
            null === $projectRoot ? null : self::revision($projectRoot, $runner),
            $environment->machine->cpuModel,
            $environment->machine->cores,
            php_uname('s').' '.php_uname('r'),
        );
    }

    /** The commit checked out, with "+changes" when the tree differs from it; null when not a git tree. */
    private static function revision(string $root, ProcessRunner $runner): ?string
    {
        if (!is_dir($root)) {
            return null;
        }
        $commit = self::git($runner, $root, 'rev-parse', '--short=12', 'HEAD');
        if (null === $commit || '' === $commit) {
            return null;
        }

        $changes = self::git($runner, $root, 'status', '--porcelain', '--untracked-files=no') ?? '';

        return $commit.('' === $changes ? '' : '+changes');
    }

    /** What git says, or null when it fails. */
    private static function git(ProcessRunner $runner, string $root, string ...$arguments): ?string
    {
        // The app may belong to another user than the one running the bench: git would refuse it as unsafe.
        try {
            $command = ['git', '-c', 'safe.directory=*', '-C', $root, ...array_values($arguments)];
            $result = $runner->run($command, null, 10.0);
        } catch (ProcessFailed) {
            // No git on the machine, or one that hangs: the report goes without the revision.
            return null;
        }

        return 0 === $result->exitCode ? trim($result->stdout) : null;
    }
}
