<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Php\Fpm\FpmConfiguration;
use Preheat\Php\Fpm\FpmDirective;
use Preheat\Php\Fpm\FpmPool;
use Preheat\Php\Fpm\RunningMaster;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Plan\CapacityFit;
use Preheat\Plan\DropOrigin;
use Preheat\Plan\DropReason;
use Preheat\Plan\Exclusion;
use Preheat\Plan\ForcedDrop;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Script\Verify\BootOutcome;
use Preheat\Script\Verify\Finding;
use Preheat\Script\Verify\LimitEstimate;
use Preheat\Script\Verify\OpcacheRoom;
use Preheat\Script\Verify\PreloadFigures;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupMessage;
use Preheat\Script\Verify\StartupTime;
use Preheat\Script\Verify\UnbootedFit;
use Preheat\Script\Verify\UnlinkedClass;
use Preheat\Script\Verify\VerificationReport;
use Preheat\Util\AtomicFile;
use Preheat\Util\BoundedRead;
use Preheat\Util\PrivateDirectory;
use Preheat\Util\ValueObjectCodec;

/**
 * The last verified `generate` per script path, kept in the private cache directory beside the parse
 * cache. A record that cannot be read (another version's, a partial one, one not as this version writes
 * it) is no record: the run verifies.
 *
 * Kept as plain arrays (ValueObjectCodec): reading a record creates no object but the value classes
 * listed here, none of which runs code when it is created or dropped.
 */
final class ReuseStore
{
    private const PREFIX = 'generate-';

    /** Bump when a class of the record changes. */
    private const FORMAT = 'preheat-reuse-6';

    /**
     * A record is a report's messages and the plan (about 300 bytes a file planned): a few megabytes for tens of
     * thousands of files; a file far larger is none of ours.
     */
    private const MAX_BYTES = 64 * 1024 * 1024;

    /** Every class a record holds. */
    private const CLASSES = [
        ReuseRecord::class, VerificationReport::class, BootOutcome::class, PreloadFigures::class, StartupTime::class,
        PhpInstallation::class, PhpSettings::class,
        FpmConfiguration::class, FpmDirective::class, FpmPool::class, RunningMaster::class, OpcacheRoom::class,
        UnbootedFit::class, LimitEstimate::class, StartupMessage::class, UnlinkedClass::class, Finding::class,
        Severity::class, FixRound::class, ForcedDrop::class, DropOrigin::class, FitRound::class,
        CapacityFit::class, CapacityRound::class, BudgetCalibration::class, MemoryEstimate::class,
        RecordedPlan::class, Exclusion::class, DropReason::class,
    ];

    private readonly ValueObjectCodec $codec;

    private ?string $rejected = null;

    public function __construct(private readonly string $directory)
    {
        $this->codec = new ValueObjectCodec(self::CLASSES);
    }

    public function read(string $outputPath): ?ReuseRecord
    {
        return $this->readNamed($this->name($outputPath), null);
    }

    /**
     * The record of the last verified run whose ReleaseKey is $releaseKey, made at another project root (a
     * release before this one), with $projectRoot put for its root in every path and message it holds (of the
     * same length: the ReleaseKey says so); null when there is none. One made at this root is none: there the
     * record of the script's path (read()) is the one to ask, and a script on disk that is not the one it
     * verified is verified again.
     */
    public function readRelease(string $releaseKey, string $projectRoot): ?ReuseRecord
    {
        return $this->readNamed($this->releaseName($releaseKey), $projectRoot);
    }

    /** @param string|null $projectRoot the root to put for the record's own in all it holds; null: as it is */
    private function readNamed(string $name, ?string $projectRoot): ?ReuseRecord
    {
        $this->rejected = null;
        if (!file_exists($this->directory.'/'.$name)) {
            return null;
        }
        $content = PrivateDirectory::readFile($this->directory, $name, self::MAX_BYTES);
        $data = null === $content ? false : BoundedRead::unserialize($content);
        if (self::ofAnotherVersion($data)) {
            return null; // simply replaced
        }
        try {
            if (!\is_array($data)) {
                throw new \UnexpectedValueException('not a record');
            }

            $record = $this->codec->decode($data['record'] ?? null, ReuseRecord::class);
            if (null === $projectRoot) {
                return $record;
            }
            $root = $record->root;
            if (null === $root || '' === $root || $projectRoot === $root || \strlen($root) !== \strlen($projectRoot)) {
                return null;
            }

            return $this->codec->decode(self::moved($data['record'], $root, $projectRoot), ReuseRecord::class);
        } catch (\UnexpectedValueException) {
            $this->rejected = $this->directory.'/'.$name;

            return null;
        }
    }

    /**
     * A record of another version: another format, or a ReuseRecord object as versions before plain arrays
     * wrote it (unserialized with no class allowed, an incomplete object that runs nothing).
     */
    private static function ofAnotherVersion(mixed $data): bool
    {
        if ($data instanceof \__PHP_Incomplete_Class) {
            return ReuseRecord::class === ((array) $data)['__PHP_Incomplete_Class_Name'];
        }

        return \is_array($data) && \is_string($data['format'] ?? null) && self::FORMAT !== $data['format'];
    }

    /** The record the last read() ignored as not one this version wrote (damaged, not ours); null if none. */
    public function rejected(): ?string
    {
        return $this->rejected;
    }

    public function write(string $outputPath, ReuseRecord $record): void
    {
        $this->writeNamed($this->name($outputPath), $record);
    }

    private function writeNamed(string $name, ReuseRecord $record): void
    {
        try {
            if (!is_dir($this->directory)) {
                @mkdir($this->directory, 0700, true);
            }
            AtomicFile::write(
                $this->directory.'/'.$name,
                serialize(['format' => self::FORMAT, 'record' => $this->codec->encode($record)]),
                AtomicFile::PRIVATE,
            );
        } catch (\RuntimeException) {
            // Only the next run's speed depends on the record: it verifies again without one.
        }
    }

    /** Keeps $record for a new release of the same files to find by its ReleaseKey. */
    public function writeRelease(string $releaseKey, ReuseRecord $record): void
    {
        $this->writeNamed($this->releaseName($releaseKey), $record);
    }

    /**
     * The plain form of a record with $to put for $from in every string it holds (the record's classes and
     * property names hold no path). $from is the root of the run that wrote it, a directory's path: what a boot
     * at $to would say of the same files, said with their paths there.
     */
    private static function moved(mixed $plain, string $from, string $to): mixed
    {
        if (\is_string($plain)) {
            return str_replace($from, $to, $plain);
        }
        if (!\is_array($plain)) {
            return $plain;
        }
        $moved = [];
        foreach ($plain as $key => $value) {
            $moved[\is_string($key) ? str_replace($from, $to, $key) : $key] = self::moved($value, $from, $to);
        }

        return $moved;
    }

    /** Removes the record: the script at $outputPath is no longer the one it describes. */
    public function forget(string $outputPath): void
    {
        @unlink($this->directory.'/'.$this->name($outputPath));
    }

    private function name(string $outputPath): string
    {
        return self::PREFIX.substr(hash('sha256', $outputPath), 0, 16).'.bin';
    }

    private function releaseName(string $releaseKey): string
    {
        return self::PREFIX.'release-'.substr(hash('sha256', $releaseKey), 0, 16).'.bin';
    }
}
