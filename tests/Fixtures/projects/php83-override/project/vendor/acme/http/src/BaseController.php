<?php

namespace Acme\Http;

abstract class BaseController implements Handler
{
    public function render(string $body): string
    {
        return '<html>'.$body.'</html>';
    }
}
