<?php

namespace Acme\Http;

// render() misspelled: PHP 8.3+ refuses to link the class (on PHP 8.2 the attribute means nothing).
class TypoController extends BaseController
{
    #[\Override]
    public function handle(string $request): string
    {
        return $this->rendr('typo');
    }

    #[\Override]
    public function rendr(string $body): string
    {
        return $body;
    }
}
