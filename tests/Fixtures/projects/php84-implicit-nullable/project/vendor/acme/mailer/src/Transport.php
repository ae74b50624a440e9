<?php

namespace Acme\Mailer;

interface Transport
{
}
