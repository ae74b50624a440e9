<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Php\PoolUser;
use Preheat\Recorder\Config;

/**
 * `record`: the recorder's bootstrap written (or only shown), what php-fpm prepends already, and whether the
 * pool's user can write what the recorder writes.
 */
final class RecorderSetup
{
    public function __construct(private readonly RecorderInstaller $installer = new RecorderInstaller())
    {
    }

    /**
     * @param string|null $poolUser  the user php-fpm's workers run as, when given; else the `user =` configured
     * @param string|null $fpmConfig php-fpm's configuration, when given; else found where the layouts keep it
     */
    public function run(
        RecorderSettings $settings,
        bool $install,
        ?string $poolUser,
        ?string $fpmConfig,
    ): RecorderSetupOutcome {
        if ($install) {
            $this->installer->install($settings);
        }
        $prepends = ExistingPrepend::find($settings->bootstrapPath, $fpmConfig);
        [$user, $source] = null === $poolUser ? PoolUser::configured(null, $fpmConfig) : [$poolUser, null];
        $found = PoolUser::named($user);
        $path = $settings->bootstrapPath;

        return new RecorderSetupOutcome(
            $settings,
            $install,
            $install ? null : $this->installer->bootstrap($settings),
            // A pool prepends a file already: a line would replace it, so the bootstrap is required at its top.
            [] === $prepends ? [$this->installer->iniLine($path), $this->installer->poolLine($path)] : null,
            $prepends,
            $user,
            $source,
            null === $found ? null : $this->accessProblems($settings, $found),
        );
    }

    /** @return list<AccessProblem> */
    private function accessProblems(RecorderSettings $settings, PoolUser $user): array
    {
        $access = new WriteAccess();
        $problems = 'file' === $settings->store['type']
            ? $access->storeFile($user, (string) $settings->store['path'])
            : [];
        RecorderFile::load();

        return [
            ...$problems,
            ...$access->bufferDirectory(
                $user,
                $settings->bufferDir ?? Config::defaultBufferDir($user->uid),
                null === $settings->bufferDir,
            ),
        ];
    }
}
