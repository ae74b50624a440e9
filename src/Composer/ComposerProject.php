<?php

declare(strict_types=1);

namespace Preheat\Composer;

/**
 * A project as Composer laid it out: its root, vendor directory, installed packages and autoload rules.
 */
final class ComposerProject
{
    /**
     * @param list<InstalledPackage> $packages
     * @param list<string>           $ownAutoloadPaths existing directories and files named by the root
     *                                                 composer.json's autoload section
     */
    public function __construct(
        public readonly string $root,
        public readonly ?string $vendorDir,
        public readonly array $packages,
        public readonly AutoloadRules $autoload,
        public readonly array $ownAutoloadPaths,
        public readonly bool $hasComposerJson = true,
        /**
         * What the plan is made from when Composer's vendor directory is not where composer.json says, or has no
         * installed.json (for the user: where it was found, or that composer.json's own rules stand in for it).
         */
        public readonly ?string $layoutNote = null,
    ) {
    }

    public function hasVendor(): bool
    {
        return null !== $this->vendorDir;
    }

    /** The installed package a file belongs to, if any (the most specific install path wins). */
    public function packageOf(string $path): ?InstalledPackage
    {
        $best = null;
        foreach ($this->packages as $package) {
            $moreSpecific = null === $best || \strlen($package->installPath) > \strlen($best->installPath);
            if ($moreSpecific && $package->contains($path)) {
                $best = $package;
            }
        }

        return $best;
    }

    /**
     * The roots scanned when the user names none: the project root (its own code; SourceFinder skips
     * what the app never runs), vendor/, and any composer.json autoload path outside the project root.
     *
     * @return list<string>
     */
    public function defaultRoots(): array
    {
        $roots = [$this->root];
        $vendor = $this->packagesDirectory();
        if (null !== $vendor) {
            $roots[] = $vendor;
        }
        foreach ($this->ownAutoloadPaths as $path) {
            $inVendor = null !== $this->vendorDir && str_starts_with($path.'/', $this->vendorDir.'/');
            if (!str_starts_with($path.'/', $this->root.'/') && !$inVendor) {
                $roots[] = $path;
            }
        }

        return array_values(array_unique($roots));
    }

    /**
     * The directory of installed packages, also when Composer's own files are missing: scanned whole, never skipped.
     */
    public function packagesDirectory(): ?string
    {
        if (null !== $this->vendorDir) {
            return $this->vendorDir;
        }
        $vendor = realpath($this->root.'/vendor');

        return false === $vendor || !is_dir($vendor) ? null : $vendor;
    }
}
