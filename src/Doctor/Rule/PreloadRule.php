<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\EditableFile;
use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Fix;
use Preheat\Doctor\Finding\Rung;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\PreloadStatus;
use Preheat\Doctor\Profile\ServerConfig;
use Preheat\Php\OpcacheSizing;

/** The preload php-fpm is configured with: none, a script that is gone, stale, over memory, or without its user. */
final class PreloadRule implements Rule
{
    public function check(ServerConfig $server, AppProfile $app): array
    {
        $preload = $app->preload;
        $location = $server->ini->fixLocation('opcache.preload');
        $script = AdvisedScriptPath::for($app->root);
        // `generate` writes the script into the project by default: say so when the user cannot, or the project belongs
        // to a package.
        $target = EditableFile::inspect($script)->problem();
        $elsewhere = null === $target
            ? null
            : \sprintf(
                '%s: write the script elsewhere (`preheat generate --project=%s --output=FILE`) and name that file',
                $target,
                $app->root,
            );
        $scriptFix = static fn (Fix $fix): Fix => null === $elsewhere ? $fix : $fix->withNote($elsewhere);
        $findings = [];
        switch ($preload->status) {
            case PreloadStatus::None:
                $fixes = [$scriptFix(Fix::at($location, $script))];
                if ($server->host->asRoot || '' === $server->setting('opcache.preload_user')) {
                    $fixes[] = Fix::at($server->ini->fixLocation('opcache.preload_user'), $server->poolUser());
                }

                return [new Finding(
                    'preload-none',
                    Severity::Notice,
                    'php-fpm preloads nothing',
                    \sprintf(
                        '`preheat generate --project=%s` writes a verified script; `preheat bench` measures what it '
                        .'buys on this app.',
                        $app->root,
                    ),
                    $fixes,
                    Rung::PreloadHot,
                )];
            case PreloadStatus::Missing:
                return [new Finding(
                    'preload-missing',
                    Severity::Error,
                    \sprintf('opcache.preload names %s, which is not there', (string) $preload->script),
                    'php-fpm does not start without its preload script. Generate it (`preheat generate`) or remove '
                    .'the line.',
                    [$scriptFix(Fix::at($location, $script))],
                    Rung::PreloadAll,
                )];
            case PreloadStatus::Stale:
                $findings[] = new Finding(
                    'preload-stale',
                    Severity::Error,
                    \sprintf('The preload script %s is stale: %s', (string) $preload->script, $preload->reason),
                    'Preloaded classes win over the files on disk: after the next restart php-fpm serves the code '
                    .'the script was made for, mixed with the new. Run `preheat generate` in the build, then restart '
                    .'php-fpm (a reload does not reload preloaded code).',
                    [],
                    Rung::PreloadAll,
                );
                break;
            case PreloadStatus::Configured:
                break;
        }
        if (null !== $preload->writable && $preload->writable->found()) {
            $findings[] = new Finding(
                'preload-writable-by-others',
                Severity::Error,
                \sprintf('Others can write the preload script %s or files it preloads', (string) $preload->script),
                ucfirst($preload->writable->problem()).'. Fix: '.$preload->writable->fix().'.',
            );
        }
        if (null !== $preload->bootFailure) {
            $findings[] = new Finding(
                'preload-fails-to-boot',
                Severity::Error,
                \sprintf('PHP does not boot cleanly with the preload script %s', (string) $preload->script),
                \sprintf(
                    'Booted with php-fpm\'s ini (and OPcache memory to spare), PHP said: %s. php-fpm would not '
                    .'start, or would start without the code it should preload. `preheat verify %s` shows every '
                    .'message; `preheat generate` writes a script PHP accepts.',
                    $preload->bootFailure,
                    (string) $preload->script,
                ),
                [],
                Rung::PreloadAll,
            );
        }
        $available = (
            $server->megabytes('opcache.memory_consumption') - $server->megabytes('opcache.interned_strings_buffer')
        ) * 1048576;
        if ($preload->estimatedBytes > $available) {
            $needed = (int) (
                ceil(
                    (
                        $preload->estimatedBytes * OpcacheSizing::HEADROOM / 1048576 + $server->megabytes(
                            'opcache.interned_strings_buffer',
                        )
                    ) / 32,
                ) * 32
            );
            $findings[] = new Finding(
                'preload-over-memory',
                Severity::Error,
                \sprintf(
                    'The preload (%d files, %s %d MB) does not fit in opcache.memory_consumption',
                    $preload->files,
                    $preload->measured ? 'measured' : 'about',
                    (int) ceil($preload->estimatedBytes / 1048576),
                ),
                'A preload that outgrows OPcache\'s memory stops php-fpm at start ("Not enough shared memory for '
                .'preloading").'
                    .($preload->measured ? '' : ' Measuring boots the script to know exactly.'),
                [Fix::at($server->ini->fixLocation('opcache.memory_consumption'), (string) $needed)],
                Rung::PreloadAll,
            );
        }
        if (
            $server->host->asRoot && '' === trim(
                $server->setting('opcache.preload_user'),
            ) && version_compare($server->phpVersion, '8.3.0', '<')
        ) {
            $findings[] = new Finding(
                'preload-user-missing',
                Severity::Error,
                'opcache.preload is set but opcache.preload_user is not',
                \sprintf(
                    'PHP %s refuses to preload as root ("opcache.preload_user" has not been defined) and php-fpm '
                    .'does not start.',
                    $server->phpVersion,
                ),
                [Fix::at($server->ini->fixLocation('opcache.preload_user'), $server->poolUser())],
                Rung::PreloadAll,
            );
        }

        return $findings;
    }
}
