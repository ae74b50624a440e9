<?php

declare(strict_types=1);

namespace Preheat\Server\Worker;

use Preheat\InvalidSetting;
use Preheat\Server\WorkerSettings;
use Preheat\Setting;
use Preheat\Util\BoundedRead;

/**
 * Which adapter boots the app in the worker, and from which file: as configured (symfony and psr15 need
 * an entry: the file returning the kernel or the handler), else told from the app: Laravel when
 * bootstrap/app.php makes an Illuminate application (entry: that file), else plain scripts (each request
 * runs the script its path names, or the front controller).
 */
final class WorkerApp
{
    public function __construct(
        public readonly string $adapter,
        public readonly ?string $entry,
    ) {
    }

    public static function of(WorkerSettings $settings): self
    {
        $root = $settings->projectRoot;
        if (null !== $settings->adapter) {
            if (!\in_array($settings->adapter, WorkerSettings::ADAPTERS, true)) {
                $error = InvalidSetting::because(
                    Setting::Config,
                    \sprintf(
                        'bench.worker.adapter is "%s": use one of %s.',
                        $settings->adapter,
                        implode(', ', WorkerSettings::ADAPTERS),
                    ),
                );
                throw $error;
            }
            $entry = $settings->entry ?? ('laravel' === $settings->adapter ? 'bootstrap/app.php' : null);
            if (null === $entry && \in_array($settings->adapter, ['symfony', 'psr15'], true)) {
                $error = InvalidSetting::because(
                    Setting::Config,
                    \sprintf(
                        'bench.worker.adapter "%s" needs bench.worker.entry: the file that returns the %s'
                        .' (relative to the project).',
                        $settings->adapter,
                        'symfony' === $settings->adapter ? 'kernel' : 'request handler',
                    ),
                );
                throw $error;
            }

            return new self($settings->adapter, null === $entry ? null : self::file($root, $entry));
        }
        $bootstrap = $root.'/bootstrap/app.php';
        if (str_contains((string) BoundedRead::orNull($bootstrap, BoundedRead::TEXT_BYTES), 'Illuminate\\')) {
            return new self('laravel', $bootstrap);
        }

        return new self('plain', null);
    }

    private static function file(string $root, string $entry): string
    {
        $path = str_starts_with($entry, '/') ? $entry : $root.'/'.$entry;
        if (!is_file($path)) {
            $error = InvalidSetting::because(
                Setting::Config,
                \sprintf(
                    'bench.worker.entry: %s does not exist; give the file, relative to the project %s.',
                    $path,
                    $root,
                ),
            );
            throw $error;
        }

        return $path;
    }
}
