<?php

declare(strict_types=1);

namespace Preheat\Composer;

use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * Reads composer.json and vendor/composer/* into a ComposerProject.
 */
final class ComposerProjectLoader
{
    /** composer.json and installed.json of thousands of packages are a few megabytes; this is far beyond. */
    private const MAX_JSON_BYTES = 64 * 1024 * 1024;

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
            if ($requireVendor && $hasComposerJson) {
                throw ProjectError::missingVendor($vendorDir);
            }

            return new ComposerProject(
                $realRoot,
                null,
                [],
                AutoloadRules::none(),
                $this->ownAutoloadPaths($realRoot, $composer),
                $hasComposerJson,
            );
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
