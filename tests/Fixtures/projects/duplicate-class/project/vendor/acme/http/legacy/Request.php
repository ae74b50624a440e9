<?php

namespace Acme\Http;

class Request
{
    public $legacy = true;
}
