<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\Doctor\Profile\PreloadState;
use Preheat\Doctor\Profile\PreloadStatus;
use Preheat\Php\OpcacheFootprint;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Script\Write\WritableByOthers;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * The preload php-fpm is configured with, against the code on disk now: none, a script that is not
 * there, stale (files gone; with Preheat's manifest, files whose contents changed since the script was
 * generated; without one, files newer than the script), or configured, with the memory its files take.
 */
final class PreloadInspector
{
    /** @param string $script opcache.preload as php-fpm has it ("" for none) */
    public static function inspect(string $script): PreloadState
    {
        $script = trim($script);
        if ('' === $script) {
            return new PreloadState(PreloadStatus::None);
        }
        try {
            $text = BoundedRead::file($script, ScriptManifest::MAX_SCRIPT_BYTES);
        } catch (BoundedReadError $error) {
            return new PreloadState(
                PreloadStatus::Missing,
                $script,
                $error->isTooLarge() ? $error->reason : 'the script is not there or cannot be read',
            );
        }
        $files = ScriptManifest::filesOf($text, $script);
        $bytes = 0;
        $newer = [];
        $gone = [];
        $scriptTime = (int) @filemtime($script);
        foreach ($files as $file) {
            if (!is_file($file)) {
                $gone[] = $file;
                continue;
            }
            $bytes += (int) filesize($file);
            if ((int) filemtime($file) > $scriptTime) {
                $newer[] = $file;
            }
        }
        $estimate = (int) ($bytes * OpcacheFootprint::OPCACHE_BYTES_PER_SOURCE_BYTE);
        $manifest = ScriptManifest::fromScript($text);
        $reason = match (true) {
            [] !== $gone => \sprintf('%d preloaded files are gone, e.g. %s', \count($gone), $gone[0]),
            null !== $manifest && ScriptManifest::sourcesHash(
                $files,
                $manifest->sources,
            ) !== $manifest->sources => 'the code changed since the script was generated',
            null === $manifest && [] !== $newer => \sprintf(
                '%d preloaded files are newer than the script, e.g. %s',
                \count($newer),
                $newer[0],
            ),
            default => '',
        };

        return new PreloadState(
            '' === $reason ? PreloadStatus::Configured : PreloadStatus::Stale,
            $script,
            $reason,
            \count($files),
            $estimate,
            writable: WritableByOthers::check($script, $text),
        );
    }
}
