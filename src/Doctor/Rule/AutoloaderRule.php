<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\AppProfile;
use Preheat\Doctor\Finding;
use Preheat\Doctor\Fix;
use Preheat\Doctor\Rung;
use Preheat\Doctor\ServerConfig;
use Preheat\Doctor\Severity;

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
                'Doctor cannot tell how the app finds its classes; a classmap autoloader (one array lookup per class) is what the autoloader rung measures.',
                [],
                Rung::Autoloader,
            )];
        }
        if (!$autoloader->optimised) {
            return [new Finding(
                'autoloader-not-optimised',
                Severity::Warning,
                'Composer\'s autoloader is not optimised',
                'Each class is found by checking the PSR-4 directories on disk. Build it in the deploy with `composer dump-autoload --optimize --classmap-authoritative --no-dev` (or set it in composer.json\'s config).',
                [new Fix($composerJson, null, 'config.optimize-autoloader', 'true'), new Fix($composerJson, null, 'config.classmap-authoritative', 'true')],
                Rung::Autoloader,
            )];
        }
        if (!$autoloader->authoritative && !$autoloader->apcu) {
            return [new Finding(
                'autoloader-not-authoritative',
                Severity::Notice,
                'Composer\'s classmap is optimised but not authoritative',
                'A class missing from the classmap is still looked for on disk. With --classmap-authoritative (when the app generates no classes at run time) that search is gone.',
                [new Fix($composerJson, null, 'config.classmap-authoritative', 'true')],
                Rung::Autoloader,
            )];
        }

        return [];
    }
}
