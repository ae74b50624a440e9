<?php

declare(strict_types=1);

namespace Preheat\Bench\Layering;

/**
 * The classes the ladder's autoloader rung maps to their files, built from Preheat's inventory, and
 * how it serves them: handed to Composer's own class loader (made authoritative), or by a classmap
 * autoloader in front of the app's. Or why there is none for this app.
 */
final class Classmap
{
    /**
     * @param array<string, string> $classes          class => file (Composer: as declared; otherwise lower case,
     *                                                as PHP looks names up)
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
    ) {
    }

    /** @param array<string, string> $classes */
    public static function forComposer(array $classes, string $autoloadFile, int $leftOut): self
    {
        return new self($classes, $autoloadFile, $leftOut, null);
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

        return null !== $this->composerAutoload
            ? \sprintf(
                'Composer\'s class loader given a classmap of %s classes and made authoritative'
                .' (as dump-autoload --classmap-authoritative)',
                number_format(\count($this->classes)),
            )
            : \sprintf(
                'a classmap autoloader of %s classes in front of the app\'s (%s left to the app\'s: declared twice'
                .' or conditionally, or in a file that runs code)',
                number_format(\count($this->classes)),
                number_format($this->leftOut),
            );
    }
}
