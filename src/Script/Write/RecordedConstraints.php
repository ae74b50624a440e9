<?php

declare(strict_types=1);

namespace Preheat\Script\Write;

use Preheat\Plan\CapacityFit;
use Preheat\Plan\ForcedDrops;

/**
 * What a preload script records of the constraints it was generated under: what PHP refused at its last
 * verification (RefusedHeader's lines) and, when it was fitted to the php.ini's OPcache sizes, the fit (the
 * files it compiles, and why the other planned files are out). `explain` replays them to plan as `generate` did.
 */
final class RecordedConstraints
{
    public function __construct(
        public readonly ForcedDrops $drops = new ForcedDrops(),
        public readonly ?CapacityFit $fit = null,
    ) {
    }

    public static function none(): self
    {
        return new self();
    }

    /** The constraints the script at $path (whose text is $script) records. */
    public static function of(string $script, string $path, string $projectRoot): self
    {
        $why = RefusedHeader::fitted($script);
        $fit = null === $why ? null : new CapacityFit(
            array_map(static fn (string $f): string => realpath($f) ?: $f, ScriptManifest::filesOf($script, $path)),
            $why,
        );

        return new self(RefusedHeader::read($script, $projectRoot), $fit);
    }
}
