<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Note;
use Preheat\Php\PoolUser;
use Preheat\Setting;
use Preheat\Util\BoundedRead;

/**
 * Why a store holds no traffic, for `preheat usage`: is a recorder bootstrap in php-fpm's
 * auto_prepend_file, does it record into this store, can the pool's user write it, and how many
 * requests sampling and batching need before the first record appears.
 */
final class EmptyStoreDiagnosis
{
    private const PREPEND = '~^[ \t]*(?:php_admin_value\[auto_prepend_file\]|php_value\[auto_prepend_file\]'
        .'|auto_prepend_file)[ \t]*=[ \t]*"?([^";\r\n]*?)"?[ \t]*(?:;.*)?$~m';

    /** @param list<string>|null $fpmConfigDirs php-fpm's configuration directories (default: /etc/php/VERSION/fpm) */
    public function __construct(
        private readonly ?array $fpmConfigDirs = null,
        private readonly WriteAccess $access = new WriteAccess(),
    ) {
    }

    /**
     * @param string|null $storeFile the store's file, when it is one
     *
     * @return list<Note> what to check, each with what to do (and the setting to change, when it is one)
     */
    public function explain(string $store, ?string $storeFile, string $projectDir, string $poolUserName): array
    {
        $checks = [];
        $directories = $this->fpmConfigDirs ?? (glob('/etc/php/*/fpm', \GLOB_ONLYDIR) ?: []);
        $prepends = $this->prepends($directories);
        $bootstraps = [];
        foreach ($prepends as $file => $value) {
            $bootstrap = RecorderBootstrap::read($value);
            if (null !== $bootstrap) {
                $bootstraps[$file] = $bootstrap;
            }
        }
        $local = RecorderBootstrap::read(rtrim($projectDir, '/').'/'.RecorderInstaller::DEFAULT_BOOTSTRAP);
        if ([] === $directories) {
            $checks[] = new Note(
                'No php-fpm configuration found under /etc/php/*/fpm: check that the auto_prepend_file line '
                .'`preheat record --install` printed is in the php.ini or pool file of the PHP that serves the app, '
                .'and that PHP was reloaded since.',
            );
        } elseif ([] === $bootstraps && [] !== $prepends && null !== $local) {
            // PHP prepends one file: a second auto_prepend_file line would replace the app's own.
            $where = (string) array_key_first($prepends);
            $checks[] = new Note(\sprintf(
                'php-fpm prepends %s (%s), not a recorder bootstrap, and PHP prepends one file only: add `require %s;` '
                .'at the top of %1$s (an auto_prepend_file line for the bootstrap would replace it), '
                .'then reload php-fpm.',
                $prepends[$where],
                $where,
                var_export($local->path, true),
            ));
        } elseif ([] === $bootstraps) {
            $checks[] = new Note(\sprintf(
                'No auto_prepend_file in php-fpm\'s configuration (%s) loads a recorder bootstrap: %s, '
                .'then reload php-fpm.',
                implode(', ', $directories),
                null === $local
                    ? 'run `preheat record --install` and add the auto_prepend_file line it prints'
                    : \sprintf(
                        'add auto_prepend_file=%s to its php.ini '
                        .'(or php_admin_value[auto_prepend_file] to the pool file)',
                        $local->path,
                    ),
            ));
        }
        $chosen = null;
        foreach ($bootstraps as $file => $bootstrap) {
            $records = $bootstrap->describeStore();
            if ($records === $store) {
                $chosen = $bootstrap;
                $checks[] = new Note(\sprintf(
                    'php-fpm prepends %s (%s), which records into this store: if that line is new, reload php-fpm.',
                    $bootstrap->path,
                    $file,
                ));
            } else {
                $checks[] = new Note(\sprintf(
                    'php-fpm prepends %s (%s), which records into %s, not into %s: read that one.',
                    $bootstrap->path,
                    $file,
                    $records ?? 'a store it does not name',
                    $store,
                ), Setting::Store);
            }
        }
        $chosen ??= null !== $local && $local->describeStore() === $store ? $local : null;
        if (null !== $chosen && null !== $chosen->recorderPath && !is_file($chosen->recorderPath)) {
            $checks[] = new Note(\sprintf(
                'The bootstrap %s loads %s, which is not there, so it records nothing '
                .'(was Preheat installed with --dev and production with --no-dev?): '
                .'require preheat/preheat without --dev, or run `preheat record --install` again.',
                $chosen->path,
                $chosen->recorderPath,
            ));
        }
        if (null !== $storeFile) {
            $user = PoolUser::named($poolUserName);
            if (null === $user) {
                $checks[] = new Note(\sprintf(
                    'There is no user "%s" here to check the store against: '
                    .'name the user of your php-fpm pool (its `user =`).',
                    $poolUserName,
                ), Setting::PoolUser);
            } else {
                foreach ($this->access->storeFile($user, $storeFile) as $problem) {
                    $checks[] = new Note(\sprintf('The pool\'s user: %s. Fix: %s', $problem->problem, $problem->fix));
                }
            }
        } else {
            $checks[] = new Note(
                'php-fpm\'s workers must reach that Redis (address, password, database) within its timeout; '
                .'they give up silently and retry later.',
            );
        }
        $checks[] = new Note(self::sampling($chosen));

        return $checks;
    }

    private static function sampling(?RecorderBootstrap $bootstrap): string
    {
        if (null === $bootstrap) {
            return 'The recorder samples 1 request in 10, and each php-fpm worker writes once it has 50 sampled '
                .'requests or, at its next sampled request, 60 s after its first '
                .'(the defaults `preheat record` installs): '
                .'give it traffic, or time.';
        }

        return \sprintf(
            'It records 1 request in %d, and each php-fpm worker writes once it has %d sampled %s '
            .'(about %s requests to that worker) or, at its next sampled request, %d s after its first: '
            .'give it that much traffic, or time.',
            $bootstrap->sample,
            $bootstrap->batch,
            1 === $bootstrap->batch ? 'request' : 'requests',
            number_format($bootstrap->sample * $bootstrap->batch),
            $bootstrap->flushSeconds,
        );
    }

    /**
     * Every auto_prepend_file php-fpm's configuration sets, by the file that sets it.
     *
     * @param list<string> $directories
     *
     * @return array<string, string> "file:line" => the prepended file
     */
    private function prepends(array $directories): array
    {
        $prepends = [];
        foreach ($directories as $directory) {
            $files = array_merge(
                [$directory.'/php.ini', $directory.'/php-fpm.conf'],
                glob($directory.'/conf.d/*.ini') ?: [],
                glob($directory.'/pool.d/*.conf') ?: [],
            );
            foreach ($files as $file) {
                $text = BoundedRead::orNull($file, BoundedRead::TEXT_BYTES);
                if (null === $text
                    || 0 === preg_match_all(self::PREPEND, $text, $matches, \PREG_SET_ORDER | \PREG_OFFSET_CAPTURE)) {
                    continue;
                }
                foreach ($matches as $match) {
                    if ('' !== $match[1][0]) {
                        $line = substr_count($text, "\n", 0, $match[0][1]) + 1;
                        $prepends[\sprintf('%s:%d', $file, $line)] = $match[1][0];
                    }
                }
            }
        }

        return $prepends;
    }
}
