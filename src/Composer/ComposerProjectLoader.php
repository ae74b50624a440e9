<?php

declare(strict_types=1);

namespace Preheat\Composer;

use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * Reads composer.json and vendor/composer/* into a ComposerProject. The vendor directory is the one composer.json
 * names when Composer installed there; else the one the app's front controller requires its autoloader from (a CMS
 * that ships its own vendor/ in its core folder), else the only one near the root; one without installed.json
 * (`composer dump-autoload` alone) serves with its autoload rules and no package list. With none, a composer.json
 * that requires no package and has autoload rules stands in with them.
 */
final class ComposerProjectLoader
{
    /** composer.json and installed.json of thousands of packages are a few megabytes; this is far beyond. */
    private const MAX_JSON_BYTES = 64 * 1024 * 1024;

    public function __construct(
        private readonly FrontControllerAutoloader $frontController = new FrontControllerAutoloader(),
    ) {
    }

    /**
     * @param bool $requireVendor false when the user named the paths to scan, so a project whose composer.json
     *                            packages are not installed yet can still be planned, without package rules.
     *                            A project without composer.json is planned without package rules either way
     *                            (or with those of a vendor/ it ships, if Composer installed one).
     */
    public function load(string $root, bool $requireVendor = true): ComposerProject
    {
        $realRoot = realpath($root);
        if (false === $realRoot || !is_dir($realRoot)) {
            throw ProjectError::missingDirectory($root);
        }
        $composerFile = $realRoot.'/composer.json';
        $hasComposerJson = is_file($composerFile);
        $composer = $hasComposerJson ? $this->readJson($composerFile) : [];
        $vendorName = $composer['config']['vendor-dir'] ?? 'vendor';
        $vendorDir = $realRoot.'/'.trim(\is_string($vendorName) ? $vendorName : 'vendor', '/');
        $installedFile = $vendorDir.'/composer/installed.json';
        if (!is_file($installedFile)) {
            return $this->elsewhere($realRoot, $composer, $hasComposerJson, $vendorDir, $requireVendor);
        }
        $vendorDir = realpath($vendorDir) ?: $vendorDir;

        return new ComposerProject(
            $realRoot,
            $vendorDir,
            $this->packages($vendorDir, $this->readJson($installedFile)),
            AutoloadRules::fromVendorDirectory($vendorDir),
            $this->ownAutoloadPaths($realRoot, $composer),
            $hasComposerJson,
        );
    }

    /**
     * No installed.json where composer.json says: the vendor directory Composer dumped an autoloader into, where
     * the app really has it, or composer.json's own rules, or (without a composer.json) none.
     *
     * @param array<mixed> $composer
     */
    private function elsewhere(
        string $root,
        array $composer,
        bool $hasComposerJson,
        string $configured,
        bool $requireVendor,
    ): ComposerProject {
        $own = $this->ownAutoloadPaths($root, $composer);
        [$vendorDir, $how] = $this->locateVendor($root, $configured) ?? [null, null];
        if (null !== $vendorDir && null !== $how) {
            $installed = $vendorDir.'/composer/installed.json';
            $listed = is_file($installed);
            $note = \sprintf(
                'Composer\'s vendor directory is %s (%s)%s.',
                $vendorDir,
                $how,
                $listed
                    ? ''
                    : ', without installed.json (an autoloader dumped with `composer dump-autoload` alone): planned '
                        .'with its autoload rules, without the list of packages (development packages are not told '
                        .'apart)',
            );

            return new ComposerProject(
                $root,
                $vendorDir,
                $listed ? $this->packages($vendorDir, $this->readJson($installed)) : [],
                AutoloadRules::fromVendorDirectory($vendorDir),
                $own,
                $hasComposerJson,
                $note,
            );
        }
        if ($hasComposerJson && [] === self::requiredPackages($composer) && [] !== ($composer['autoload'] ?? [])) {
            // Nothing for Composer to install: the app's own rules are all an autoloader would hold.
            return new ComposerProject(
                $root,
                null,
                [],
                AutoloadRules::fromComposerJson($root, $composer),
                $own,
                true,
                'No Composer autoloader found (composer.json requires no package): planned with composer.json\'s '
                .'own autoload rules.',
            );
        }
        if ($requireVendor && $hasComposerJson) {
            throw ProjectError::missingVendor($configured);
        }

        return new ComposerProject($root, null, [], AutoloadRules::none(), $own, $hasComposerJson);
    }

    /**
     * A directory Composer dumped an autoloader into (vendor/composer/autoload_real.php), and how it was found: the
     * one composer.json names, the one the front controller requires, or the only one of that name one or two
     * levels below the root.
     *
     * @return array{string, string}|null
     */
    private function locateVendor(string $root, string $configured): ?array
    {
        if (is_file($configured.'/composer/autoload_real.php')) {
            return [realpath($configured) ?: $configured, 'as composer.json says'];
        }
        $required = $this->frontController->find($root);
        if (null !== $required) {
            return [$required[0], 'the autoloader '.$required[1].' requires'];
        }
        $found = [];
        foreach (['/*/composer/autoload_real.php', '/*/*/composer/autoload_real.php'] as $pattern) {
            foreach (glob($root.$pattern, \GLOB_NOSORT) ?: [] as $real) {
                $vendor = \dirname($real, 2);
                // Named as composer.json names its vendor directory (vendor/): not a tool's own Composer install.
                if (basename($vendor) === basename($configured) && is_file($vendor.'/autoload.php')) {
                    $found[] = realpath($vendor) ?: $vendor;
                }
            }
        }

        return 1 === \count($found)
            ? [$found[0], 'the only Composer autoloader below the project root']
            : null;
    }

    /**
     * The packages composer.json requires, but PHP itself, its extensions and libraries (php, ext-*, lib-*).
     *
     * @param array<mixed> $composer
     *
     * @return list<string>
     */
    private static function requiredPackages(array $composer): array
    {
        $require = \is_array($composer['require'] ?? null) ? array_keys($composer['require']) : [];

        return array_values(array_filter(
            array_map('strval', $require),
            static fn (string $name): bool => 1 !== preg_match('{^(?:php(?:-64bit)?|hhvm|(?:ext|lib)-.+)$}i', $name),
        ));
    }

    /**
     * @param array<mixed> $installed
     *
     * @return list<InstalledPackage>
     */
    private function packages(string $vendorDir, array $installed): array
    {
        // Composer 2 wraps the list and names the dev packages; Composer 1 wrote a bare list.
        $list = isset($installed['packages']) && \is_array($installed['packages'])
            ? $installed['packages']
            : $installed;
        $devNames = array_flip(array_map('strtolower', (array) ($installed['dev-package-names'] ?? [])));
        $packages = [];
        foreach ($list as $package) {
            if (!\is_array($package) || !\is_string($package['name'] ?? null)) {
                continue;
            }
            $name = $package['name'];
            $relative = \is_string($package['install-path'] ?? null)
                ? $vendorDir.'/composer/'.$package['install-path']
                : $vendorDir.'/'.$name;
            $path = realpath($relative);
            if (false === $path) {
                continue; // metapackages and packages removed since the last install have no directory
            }
            $packages[] = new InstalledPackage($name, $path, isset($devNames[strtolower($name)]));
        }

        return $packages;
    }

    /**
     * @param array<mixed> $composer
     *
     * @return list<string>
     */
    private function ownAutoloadPaths(string $root, array $composer): array
    {
        $paths = [];
        $autoload = \is_array($composer['autoload'] ?? null) ? $composer['autoload'] : [];
        foreach (['psr-4', 'psr-0', 'classmap', 'files'] as $type) {
            foreach ((array) ($autoload[$type] ?? []) as $entries) {
                foreach ((array) $entries as $entry) {
                    if (!\is_string($entry)) {
                        continue;
                    }
                    $path = realpath($root.'/'.('' === $entry ? '.' : $entry));
                    if (false !== $path) {
                        $paths[] = $path;
                    }
                }
            }
        }

        return array_values(array_unique($paths));
    }

    /** @return array<mixed> */
    private function readJson(string $file): array
    {
        try {
            $data = BoundedRead::json($file, self::MAX_JSON_BYTES);
        } catch (\JsonException $error) {
            throw ProjectError::invalidJson($file, $error->getMessage());
        } catch (BoundedReadError $error) {
            throw ProjectError::unreadableJson($file, $error->reason);
        }
        if (!\is_array($data)) {
            throw ProjectError::invalidJson($file, 'expected a JSON object');
        }

        return $data;
    }
}
