<?php

declare(strict_types=1);

namespace Preheat\Server\Worker;

use Preheat\InvalidSetting;
use Preheat\Server\WorkerSettings;
use Preheat\Setting;
use Preheat\Util\BoundedRead;
use Preheat\Worker\WorkerAdapter;

/**
 * Which adapter boots the app in the worker, and from which file: as configured (symfony and psr15 need
 * an entry: the file returning the kernel or the handler), else told from the app: Laravel when
 * bootstrap/app.php makes an Illuminate application (entry: that file), else plain scripts (each request
 * runs the script its path names, or the front controller).
 */
final class WorkerApp
{
    public function __construct(
        public readonly WorkerAdapter $adapter,
        public readonly ?string $entry,
    ) {
    }

    public static function of(WorkerSettings $settings): self
    {
        $root = $settings->projectRoot;
        $adapter = $settings->adapter;
        if (null !== $adapter) {
            $entry = $settings->entry ?? $adapter->defaultEntry();
            $required = $adapter->requiredEntry();
            if (null === $entry && null !== $required) {
                $error = InvalidSetting::because(
                    Setting::Config,
                    \sprintf(
                        'bench.worker.adapter "%s" needs bench.worker.entry: the file that returns the %s'
                        .' (relative to the project).',
                        $adapter->value,
                        $required,
                    ),
                );
                throw $error;
            }

            return new self($adapter, null === $entry ? null : self::file($root, $entry));
        }
        $bootstrap = $root.'/'.WorkerAdapter::Laravel->defaultEntry();
        if (str_contains((string) BoundedRead::orNull($bootstrap, BoundedRead::TEXT_BYTES), 'Illuminate\\')) {
            return new self(WorkerAdapter::Laravel, $bootstrap);
        }

        return new self(WorkerAdapter::Plain, null);
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
