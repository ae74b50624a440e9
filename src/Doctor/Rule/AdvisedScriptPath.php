<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

/**
 * Where php.ini should name the project's preload script. In a release layout (`releases/N` beside a `current`
 * link, as Deployer, Envoyer and Forge lay them out) that is through the link, as doc/deploying.md says: the
 * line then never changes between deploys, and each restart preloads the release `current` names. A path into
 * one release would keep preloading that release after the next switch.
 */
final class AdvisedScriptPath
{
    /** @param string $root the project's real path */
    public static function for(string $root): string
    {
        $releases = \dirname($root);
        $current = \dirname($releases).'/current';
        if ('releases' === basename($releases) && is_link($current) && is_dir($current)) {
            return $current.'/preload.php';
        }

        return $root.'/preload.php';
    }
}
