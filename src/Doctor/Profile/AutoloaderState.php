<?php

declare(strict_types=1);

namespace Preheat\Doctor\Profile;

use Preheat\Composer\RuntimeRegistration;
use Preheat\Util\BoundedRead;

/** How the app finds its classes: Composer's autoloader and how it was dumped, or none doctor knows. */
final class AutoloaderState
{
    /**
     * @param list<RuntimeRegistration> $runtimeRegistrations calls in the app's code that add to Composer's loader
     *                                                        while it runs (RuntimeRegistrationScan)
     */
    public function __construct(
        public readonly bool $composer,
        public readonly bool $optimised = false,
        public readonly bool $authoritative = false,
        public readonly bool $apcu = false,
        public readonly int $classmapEntries = 0,
        public readonly array $runtimeRegistrations = [],
    ) {
    }

    /** @param list<RuntimeRegistration> $registrations */
    public function withRuntimeRegistrations(array $registrations): self
    {
        return new self(
            $this->composer,
            $this->optimised,
            $this->authoritative,
            $this->apcu,
            $this->classmapEntries,
            $registrations,
        );
    }

    /**
     * Reads vendor/composer: a classmap that holds the PSR-4 namespaces' classes means `dump-autoload -o`,
     * `setClassMapAuthoritative(true)` means --classmap-authoritative, `setApcuPrefix(` means --apcu.
     */
    public static function inspect(?string $vendorDir): self
    {
        $directory = null === $vendorDir ? null : $vendorDir.'/composer';
        if (null === $directory || !is_file($directory.'/autoload_real.php')) {
            return new self(false);
        }
        // A classmap of a hundred thousand classes is some 15 MB: four times that is no Composer file.
        $read = static fn (string $name): string => (string) BoundedRead::orNull($directory.'/'.$name, 64 << 20);
        $real = $read('autoload_real.php');
        $static = $read('autoload_static.php');
        $classmap = $read('autoload_classmap.php');
        $psr4 = $read('autoload_psr4.php');
        $entries = preg_match_all('{^\s*\'[^\']+\' => }m', $classmap);
        preg_match_all('{^\s*\'((?:[^\'\\\\]|\\\\.)+)\' => array\(}m', $psr4, $prefixes);
        $covered = [] === $prefixes[1];
        foreach ($prefixes[1] as $prefix) {
            if (str_contains($classmap, "'".$prefix)) {
                $covered = true;
                break;
            }
        }

        return new self(
            true,
            $covered && $entries > 1,
            str_contains($real.$static, 'setClassMapAuthoritative(true)'),
            str_contains($real.$static, 'setApcuPrefix('),
            (int) $entries,
        );
    }
}
