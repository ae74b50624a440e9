<?php

declare(strict_types=1);

namespace Preheat\Integration\Symfony;

use Preheat\Integration\PreheatCommand;
use Symfony\Component\Console\Application;
use Symfony\Component\HttpKernel\Bundle\Bundle;

/**
 * `bin/console preheat:generate` and `bin/console preheat:status` for a Symfony app: add
 * `Preheat\Integration\Symfony\PreheatBundle::class => ['dev' => true]` to config/bundles.php when Preheat
 * is a dev dependency (a `--no-dev` install removes it), `['all' => true]` only when production requires it.
 * The commands run Preheat's CLI as a child process, so no other Preheat class loads into the app;
 * `PREHEAT_BINARY` (e.g. in .env) names a preheat.phar to run instead of the package's own bin/preheat.
 *
 * No cache warmer: warming runs in every `cache:clear` and deploy step, often before the release is live
 * or on a machine without the production php.ini and php-fpm that verification and status need, and a
 * failing warmer fails the deploy; Preheat runs when asked, or from a Composer script.
 *
 * Not analysed by PHPStan (phpstan.neon.dist excludes it): HttpKernel is not one of Preheat's dependencies.
 */
final class PreheatBundle extends Bundle
{
    public function registerCommands(Application $application): void
    {
        $projectDir = $this->container?->getParameter('kernel.project_dir');
        $projectDir = \is_string($projectDir) ? $projectDir : (getcwd() ?: '.');
        foreach (PreheatCommand::all($projectDir) as $command) {
            // addCommand() since Symfony 7.4, which deprecates add().
            method_exists($application, 'addCommand')
                ? $application->addCommand($command)
                : $application->add($command);
        }
    }
}
