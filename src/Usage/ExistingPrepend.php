<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Php\Fpm\FpmConfigReader;
use Preheat\Php\Fpm\FpmDirective;
use Preheat\Php\FpmPoolFiles;

/**
 * An auto_prepend_file a php-fpm pool sets already (php_admin_value or php_value): PHP prepends one file only,
 * so the line `record` proposes would replace it, and the app's own prepend would stop running.
 */
final class ExistingPrepend
{
    private const DIRECTIVES = ['php_admin_value[auto_prepend_file]', 'php_value[auto_prepend_file]'];

    public function __construct(public readonly string $pool, public readonly FpmDirective $directive)
    {
    }

    /**
     * The prepends of the configuration named ($fpmConfig, php-fpm's main file), else of the first layout
     * directory that has one (as PoolUser::configured() reads it); none that is $bootstrap itself.
     *
     * @param list<string>|null $fpmConfigDirs
     *
     * @return list<self>
     */
    public static function find(string $bootstrap, ?string $fpmConfig = null, ?array $fpmConfigDirs = null): array
    {
        $configuration = null;
        if (null !== $fpmConfig) {
            $configuration = (new FpmConfigReader())->read($fpmConfig, 'named');
        } else {
            foreach ($fpmConfigDirs ?? FpmPoolFiles::layoutDirectories() as $directory) {
                $configuration = FpmPoolFiles::configuration($directory);
                if (null !== $configuration) {
                    break;
                }
            }
        }
        $found = [];
        $ours = realpath($bootstrap) ?: $bootstrap;
        foreach ($configuration->pools ?? [] as $pool) {
            foreach (self::DIRECTIVES as $name) {
                $directive = $pool->directive($name);
                if (null !== $directive && '' !== trim($directive->value)
                    && (realpath($directive->value) ?: $directive->value) !== $ours) {
                    $found[] = new self($pool->name, $directive);
                }
            }
        }

        return $found;
    }
}
