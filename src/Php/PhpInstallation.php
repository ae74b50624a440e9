<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\Php\Fpm\FpmConfiguration;

/**
 * The PHP installation the app runs on: the CLI binary that verifies, the php-fpm binary that serves,
 * the php.ini php-fpm uses with its effective settings, and the user php-fpm runs preloading and
 * workers as. Found once per run (PhpInstallationLocator) and handed down; never read again mid-run.
 */
final class PhpInstallation
{
    /**
     * @param string|null $fpmBinary    null when no php-fpm matching the CLI was found
     * @param string|null $user         the pool's user (and preload user); null when not running as root
     * @param string      $userSource   where that user came from, e.g. "pool.d/www.conf" or "--pool-user"
     * @param string|null $iniDirectory the directory php-fpm looks for php.ini in, when it loads none there (the
     *                                  official image's layout): PHP run with `-c` it reads the same ini set
     */
    public function __construct(
        public readonly string $phpBinary,
        public readonly ?string $fpmBinary,
        public readonly PhpSettings $settings,
        public readonly ?string $user = null,
        public readonly string $userSource = '',
        public readonly ?FpmConfiguration $fpmConfig = null,
        public readonly ?string $iniDirectory = null,
    ) {
    }

    public function withSettings(PhpSettings $settings): self
    {
        return new self(
            $this->phpBinary,
            $this->fpmBinary,
            $settings,
            $this->user,
            $this->userSource,
            $this->fpmConfig,
            $this->iniDirectory,
        );
    }

    /** The user that reads the preloaded files: opcache.preload_user when the ini sets it, else the pool's user. */
    public function preloadUser(): ?string
    {
        if (null === $this->user) {
            return null;
        }

        return $this->configuredPreloadUser() ?? $this->user;
    }

    /**
     * Where preloadUser() comes from, for a message: the ini's opcache.preload_user, else
     * where the pool's user was found.
     */
    public function preloadUserSource(): string
    {
        return null !== $this->configuredPreloadUser()
            ? 'opcache.preload_user in '.($this->settings->iniFile ?? 'php.ini')
            : $this->userSource;
    }

    /** The `-c` argument that makes PHP read php-fpm's ini set: its php.ini, or the directory with none. */
    public function iniArgument(): ?string
    {
        return $this->settings->iniFile ?? $this->iniDirectory;
    }

    private function configuredPreloadUser(): ?string
    {
        $configured = $this->settings->value('opcache.preload_user');

        return null !== $configured && '' !== $configured ? $configured : null;
    }

    /**
     * The ini settings that preload $script as php-fpm's master does: the script, and as root the user to
     * preload as (PHP before 8.3 refuses to preload as root without one, and switches to it to preload).
     * Used by verify and by the bench's servers, so both preload the same way.
     *
     * @return array<string, string> without a script, an empty opcache.preload: on a server that preloads, the ini's
     *                               own script would run otherwise
     */
    public function preloadSettings(?string $script): array
    {
        if (null === $script) {
            return ['opcache.preload' => ''];
        }
        $settings = ['opcache.preload' => $script];
        $user = $this->preloadUser();
        if (null !== $user) {
            $settings['opcache.preload_user'] = $user;
        }

        return $settings;
    }
}
