<?php

namespace Acme\Account;

class Account
{
    public private(set) int $balance = 0;

    public function __construct(
        public protected(set) string $owner,
        public private(set) readonly Currency $currency = Currency::Euro,
    ) {
    }

    public function deposit(int $cents): void
    {
        $this->balance += $cents;
    }
}
