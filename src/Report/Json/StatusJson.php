<?php

declare(strict_types=1);

namespace Preheat\Report\Json;

use Preheat\Deploy\PreloadStatus;
use Preheat\Script\Write\ScriptManifest;

/** The public JSON of `preheat status`: fresh, the manifests on both sides, the problems and the action. */
final class StatusJson
{
    /** @return array<string, mixed> */
    public static function status(PreloadStatus $status): array
    {
        return [
            'fresh' => $status->fresh(),
            'server' => $status->server,
            'php' => $status->php,
            'script' => $status->script,
            'preloadedScript' => $status->preloadedScript,
            'running' => null === $status->versions->running ? null : self::manifest($status->versions->running),
            'onDisk' => null === $status->versions->onDisk ? null : self::manifest($status->versions->onDisk),
            'preloadedClasses' => $status->preloadedClasses,
            'problems' => $status->problems,
            'action' => $status->action,
        ];
    }

    /** @return array<string, mixed> */
    private static function manifest(ScriptManifest $manifest): array
    {
        return ['plan' => $manifest->plan, 'sources' => $manifest->sources, 'class' => $manifest->className()];
    }
}
