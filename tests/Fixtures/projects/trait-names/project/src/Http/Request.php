<?php

namespace App\Http;

class Request
{
    use Buildable;
}
