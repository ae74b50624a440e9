<?php

namespace Acme\Http;

class HomeController extends BaseController
{
    #[\Override]
    public function handle(string $request): string
    {
        return $this->render('home');
    }

    #[\Override]
    public function render(string $body): string
    {
        return '<main>'.$body.'</main>';
    }
}
