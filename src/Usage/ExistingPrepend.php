<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Php\Fpm\FpmConfigReader;
use Preheat\Php\Fpm\FpmDirective;
use Preheat\Php\FpmPoolFiles;

/**
 * An auto_prepend_file a php-fpm pool sets already (php_admin_value or php_value), or php-fpm's php.ini (or an
 * ini of its scan directory beside it): PHP prepends one file only, so the line `record` proposes would
 * replace it, and the app's own prepend would stop running.
 */
final class ExistingPrepend
{
    private const DIRECTIVES = ['php_admin_value[auto_prepend_file]', 'php_value[auto_prepend_file]'];

    /** @param string|null $pool null for a php.ini */
    public function __construct(public readonly ?string $pool, public readonly FpmDirective $directive)
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
        $candidates = [];
        foreach ($configuration->pools ?? [] as $pool) {
            foreach (self::DIRECTIVES as $name) {
                $directive = $pool->directive($name);
                if (null !== $directive) {
                    $candidates[] = new self($pool->name, $directive);
                }
            }
        }
        $mainFile = $configuration?->mainFile;
        if (null !== $mainFile) {
            // php-fpm's php.ini beside its configuration (Debian's layout), and its scan directory's.
            $directory = \dirname($mainFile);
            foreach ([$directory.'/php.ini', ...(glob($directory.'/conf.d/*.ini') ?: [])] as $ini) {
                $value = self::iniPrepend($ini);
                if (null !== $value) {
                    $candidates[] = new self(null, new FpmDirective('auto_prepend_file', $value, $ini, null));
                }
            }
        }
        $ours = realpath($bootstrap) ?: $bootstrap;

        return array_values(array_filter(
            $candidates,
            static fn (self $prepend): bool => '' !== trim($prepend->directive->value)
                && (realpath($prepend->directive->value) ?: $prepend->directive->value) !== $ours,
        ));
    }

    /** The auto_prepend_file an ini file sets, read as PHP reads it (raw: no constant is expanded). */
    private static function iniPrepend(string $file): ?string
    {
        $values = is_file($file) ? @parse_ini_file($file, false, \INI_SCANNER_RAW) : false;
        $value = false === $values ? null : ($values['auto_prepend_file'] ?? null);

        return \is_string($value) ? trim($value, " \t\"'") : null;
    }
}
