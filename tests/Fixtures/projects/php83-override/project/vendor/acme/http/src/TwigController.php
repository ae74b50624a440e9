<?php

namespace Acme\Http;

use Acme\Twig\TwigAwareController;

// Its parent is in a package that is not installed.
class TwigController extends TwigAwareController
{
    #[\Override]
    public function handle(string $request): string
    {
        return 'twig';
    }
}
