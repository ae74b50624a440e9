<?php

namespace Acme\Http;

interface Handler
{
    public function handle(string $request): string;
}
