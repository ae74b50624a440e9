<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\EditableFile;
use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Fix;
use Preheat\Doctor\Finding\Rung;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;

/**
 * The autoloader: measured on a Symfony app, an optimised authoritative classmap alone doubled the
 * requests per second, and left preloading +11% on top of it instead of +113%. It comes first.
 */
final class AutoloaderRule implements Rule
{
    public function check(ServerConfig $server, AppProfile $app): array
    {
        $autoloader = $app->autoloader;
        $composerJson = $app->root.'/composer.json';
        if (!$autoloader->composer) {
            return [new Finding(
                'autoloader-not-composer',
                Severity::Notice,
                'No Composer autoloader found (vendor/composer)',
                'Doctor cannot tell how the app finds its classes; a classmap autoloader (one array lookup per '
                .'class) is what the autoloader rung measures.',
                [],
                Rung::Autoloader,
            )];
        }
        $manifest = EditableFile::inspect($composerJson);
        if (!$manifest->exists && (!$autoloader->optimised || (!$autoloader->authoritative && !$autoloader->apcu))) {
            // vendor/ came built with the app (a distribution's package, an archive): there is no
            // composer.json to change, and the directory often belongs to the package manager.
            return [new Finding(
                $autoloader->optimised ? 'autoloader-not-authoritative' : 'autoloader-not-optimised',
                Severity::Notice,
                \sprintf(
                    'Composer\'s autoloader is %s, but this app was not installed with Composer: there is no %s',
                    $autoloader->optimised ? 'optimised but not authoritative' : 'not optimised',
                    $composerJson,
                ),
                'Its vendor/ came built with the app (a system package or an archive), so there is nothing to change '
                .'here: an upgrade of the app would replace it. Whoever builds the app can dump it with `composer '
                .'dump-autoload --optimize --classmap-authoritative`; the ladder\'s autoloader rung (preheat bench) '
                .'measures what that would buy on this app with a classmap of its own.',
                [],
                Rung::Autoloader,
            )];
        }
        $note = $manifest->problem();
        $fix = static fn (string $setting): Fix => null === $note
            ? new Fix($composerJson, null, $setting, 'true')
            : (new Fix($composerJson, null, $setting, 'true'))->withNote(
                $note.'; or pass the options to `composer dump-autoload` in the deploy',
            );
        if (!$autoloader->optimised) {
            return [new Finding(
                'autoloader-not-optimised',
                Severity::Warning,
                'Composer\'s autoloader is not optimised',
                'Each class is found by checking the PSR-4 directories on disk. Build it in the deploy with '
                .'`composer dump-autoload --optimize --classmap-authoritative --no-dev` (or set it in '
                .'composer.json\'s config).',
                [$fix('config.optimize-autoloader'), $fix('config.classmap-authoritative')],
                Rung::Autoloader,
            )];
        }
        if (!$autoloader->authoritative && !$autoloader->apcu) {
            return [new Finding(
                'autoloader-not-authoritative',
                Severity::Notice,
                'Composer\'s classmap is optimised but not authoritative',
                'A class missing from the classmap is still looked for on disk. With --classmap-authoritative (when '
                .'the app generates no classes at run time) that search is gone.',
                [$fix('config.classmap-authoritative')],
                Rung::Autoloader,
            )];
        }

        return [];
    }
}
