<?php

declare(strict_types=1);

namespace Preheat\Deploy;

/**
 * Why a status is stale, as a closed set: what monitoring can alert on (a label with a bounded set of
 * values), while PreloadStatus::$problems says the same in words, with the paths.
 */
enum StaleReason: string
{
    /** The script on disk has no Preheat manifest. */
    case ScriptWithoutManifest = 'script-without-manifest';
    /** The files the script preloads changed since it was generated. */
    case FilesChanged = 'files-changed';
    /** php-fpm's opcache.preload is empty. */
    case NothingPreloaded = 'nothing-preloaded';
    /** php-fpm preloaded a script that declares no Preheat manifest. */
    case PreloadedWithoutManifest = 'preloaded-without-manifest';
    /** php-fpm preloaded another version of the script: it was not restarted since. */
    case OtherVersionPreloaded = 'other-version-preloaded';
    /** php-fpm's opcache.preload names another file. */
    case OtherPreloadPath = 'other-preload-path';
    /** Others than the owner can write the script or a file it preloads: not stale, but never to be served so. */
    case WritableByOthers = 'writable-by-others';
    /**
     * The user php-fpm runs requests as cannot read files the app loads (or enter a directory on the way): not
     * stale either, but requests that load them fail, whatever the preload.
     */
    case UnreadableByPoolUser = 'unreadable-by-pool-user';
}
