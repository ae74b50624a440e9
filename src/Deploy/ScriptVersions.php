<?php

declare(strict_types=1);

namespace Preheat\Deploy;

use Preheat\Script\Write\ScriptManifest;

/** The preload script php-fpm runs and the one on disk now: their manifests, and when the one on disk changed. */
final class ScriptVersions
{
    /**
     * @param ScriptManifest|null $running        the manifest php-fpm preloaded at start; null when none
     * @param ScriptManifest|null $onDisk         the manifest of the script on disk; null when it has none
     * @param int|null            $onDiskModified the script's mtime on disk (Unix time), for monitoring
     */
    public function __construct(
        public readonly ?ScriptManifest $running,
        public readonly ?ScriptManifest $onDisk,
        public readonly ?int $onDiskModified = null,
    ) {
    }
}
