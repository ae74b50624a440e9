<?php

namespace Acme\Mailer;

class Mailer
{
    public function send(Message $message, Transport $transport = null): bool
    {
        return null !== $transport;
    }
}
