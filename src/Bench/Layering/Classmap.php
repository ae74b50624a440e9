<?php

declare(strict_types=1);

namespace Preheat\Bench\Layering;

use Preheat\Composer\RuntimeRegistration;

/**
 * The classes the ladder's autoloader rung maps to their files, built from Preheat's inventory, and
 * how it serves them: handed to Composer's own class loader (made authoritative, unless the app adds to that
 * loader while it runs), or by a classmap autoloader in front of the app's. Or why there is none for this app.
 * With Composer, only the classes its dumped classmap lacks are mapped: none with an optimised classmap, whose
 * copy merged into the loader on every request cost CPU and found no class the loader would not.
 */
final class Classmap
{
    /**
     * @param array<string, string> $classes          class => file (Composer: as declared, those its dumped
     *                                                classmap lacks; otherwise lower case, as PHP looks names up)
     * @param string|null           $composerAutoload the app's vendor/autoload.php when Composer's loader takes the map
     * @param int                   $leftOut          classes left to the app's own autoloader (declared twice or
     *                                                conditionally, in a file with side effects, or mapped
     *                                                elsewhere by Composer)
     */
    private function __construct(
        public readonly array $classes,
        public readonly ?string $composerAutoload,
        public readonly int $leftOut,
        public readonly ?string $notApplicable,
        /**
         * A call of the app that adds to Composer's loader while it runs: the loader is then not made authoritative,
         * which would never find a class under what it adds.
         */
        public readonly ?RuntimeRegistration $registeredAtRunTime = null,
        /** Composer: the scanned classes its dumped classmap maps already, to the same file */
        public readonly int $mappedByComposer = 0,
    ) {
    }

    /**
     * @param array<string, string> $classes          the classes Composer's dumped classmap lacks
     * @param int                   $mappedByComposer the scanned classes it maps already
     */
    public static function forComposer(
        array $classes,
        string $autoloadFile,
        int $leftOut,
        ?RuntimeRegistration $registeredAtRunTime = null,
        int $mappedByComposer = 0,
    ): self {
        return new self($classes, $autoloadFile, $leftOut, null, $registeredAtRunTime, $mappedByComposer);
    }

    /** Composer's loader is made authoritative, as `dump-autoload --classmap-authoritative` does. */
    public function authoritative(): bool
    {
        return null !== $this->composerAutoload && null === $this->registeredAtRunTime;
    }

    /** @param array<string, string> $classes */
    public static function inFront(array $classes, int $leftOut): self
    {
        return new self($classes, null, $leftOut, null);
    }

    public static function notApplicable(string $why): self
    {
        return new self([], null, 0, $why);
    }

    /** One line for the report: what the rung runs with. */
    public function describe(): string
    {
        if (null !== $this->notApplicable) {
            return 'not applicable: '.$this->notApplicable;
        }

        if (null !== $this->registeredAtRunTime) {
            return \sprintf(
                'Composer\'s class loader given a classmap of %s classes%s, not made authoritative: the app adds to it'
                .' while it runs (%s), so a miss is still searched for (as dump-autoload --optimize)',
                number_format(\count($this->classes)),
                $this->alreadyMapped(),
                $this->registeredAtRunTime->describe(),
            );
        }
        if (null !== $this->composerAutoload && [] === $this->classes) {
            return \sprintf(
                'Composer\'s class loader made authoritative (as dump-autoload --classmap-authoritative), nothing'
                .' else: its optimised classmap maps all %s scanned classes it can load already',
                number_format($this->mappedByComposer),
            );
        }

        return null !== $this->composerAutoload
            ? \sprintf(
                'Composer\'s class loader made authoritative (as dump-autoload --classmap-authoritative), and the %s'
                .' scanned classes its classmap lacks%s answered on its misses from a classmap of their own',
                number_format(\count($this->classes)),
                0 === $this->mappedByComposer
                    ? ''
                    : \sprintf(' (it maps %s)', number_format($this->mappedByComposer)),
            )
            : \sprintf(
                'a classmap autoloader of %s classes in front of the app\'s (%s left to the app\'s: declared twice'
                .' or conditionally, or in a file that runs code)',
                number_format(\count($this->classes)),
                number_format($this->leftOut),
            );
    }

    /** " (besides the 4,212 its own classmap maps already)" */
    private function alreadyMapped(): string
    {
        return 0 === $this->mappedByComposer
            ? ''
            : \sprintf(' (besides the %s its own classmap maps already)', number_format($this->mappedByComposer));
    }
}
