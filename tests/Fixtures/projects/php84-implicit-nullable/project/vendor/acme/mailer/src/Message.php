<?php

namespace Acme\Mailer;

class Message
{
    public function __construct(public string $subject)
    {
    }
}
