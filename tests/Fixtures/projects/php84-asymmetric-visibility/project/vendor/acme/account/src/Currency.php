<?php

namespace Acme\Account;

enum Currency: string
{
    case Euro = 'EUR';
    case Dollar = 'USD';
}
