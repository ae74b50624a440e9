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
 *
 * An authoritative classmap is advised only when it is known to be safe: when no scanned file of the app adds
 * namespaces or classes to Composer's loader while it runs (RuntimeRegistrationScan), since a class under such a
 * namespace is in no dumped classmap and an authoritative one never finds it (`Class "..." not found`).
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
        $registered = $autoloader->runtimeRegistrations[0] ?? null;
        $manifest = EditableFile::inspect($composerJson);
        if (null !== $registered && $autoloader->authoritative) {
            return [new Finding(
                'autoloader-authoritative-runtime-registration',
                Severity::Warning,
                'Composer\'s classmap is authoritative, but the app adds to Composer\'s loader while it runs',
                \sprintf(
                    'The code calls %s%s: a class under what it registers is in no dumped classmap, and an '
                    .'authoritative one never finds it (`Class "..." not found`). Dump the autoloader without '
                    .'--classmap-authoritative (--optimize alone keeps the classmap and still searches on a miss).',
                    $registered->describe(),
                    self::more($autoloader->runtimeRegistrations),
                ),
                $manifest->exists ? [new Fix($composerJson, null, 'config.classmap-authoritative', 'false')] : [],
                Rung::Autoloader,
            )];
        }
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
                .(null === $registered
                    ? 'dump-autoload --optimize --classmap-authoritative`'
                    : \sprintf(
                        'dump-autoload --optimize` (not --classmap-authoritative: %s adds to Composer\'s loader while '
                        .'the app runs)',
                        $registered->describe(),
                    ))
                .'; the ladder\'s autoloader rung (preheat bench) measures what that would buy on this app with a '
                .'classmap of its own.',
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
                null === $registered
                    ? 'Each class is found by checking the PSR-4 directories on disk. Build it in the deploy with '
                        .'`composer dump-autoload --optimize --classmap-authoritative --no-dev` (or set it in '
                        .'composer.json\'s config; no scanned file adds to Composer\'s loader while the app runs).'
                    : \sprintf(
                        'Each class is found by checking the PSR-4 directories on disk. Build it in the deploy with '
                        .'`composer dump-autoload --optimize --no-dev` (or set it in composer.json\'s config), not '
                        .'--classmap-authoritative: the code calls %s%s, and an authoritative classmap would never '
                        .'find a class under what it registers while the app runs.',
                        $registered->describe(),
                        self::more($autoloader->runtimeRegistrations),
                    ),
                null === $registered
                    ? [$fix('config.optimize-autoloader'), $fix('config.classmap-authoritative')]
                    : [$fix('config.optimize-autoloader')],
                Rung::Autoloader,
            )];
        }
        if (null === $registered && !$autoloader->authoritative && !$autoloader->apcu) {
            return [new Finding(
                'autoloader-not-authoritative',
                Severity::Notice,
                'Composer\'s classmap is optimised but not authoritative',
                'A class missing from the classmap is still looked for on disk. With --classmap-authoritative (when '
                .'the app generates no classes at run time; no scanned file adds to Composer\'s loader while the '
                .'app runs) that search is gone.',
                [$fix('config.classmap-authoritative')],
                Rung::Autoloader,
            )];
        }

        return [];
    }

    /** @param list<\Preheat\Composer\RuntimeRegistration> $registrations */
    private static function more(array $registrations): string
    {
        return \count($registrations) > 1 ? \sprintf(' (and %d more)', \count($registrations) - 1) : '';
    }
}
