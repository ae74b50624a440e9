<?php

namespace Acme\Account;

class SharedAccount extends Account
{
    // The owner may be renamed here too: redeclared with the same type and a wider set visibility.
    public protected(set) string $owner;

    public function rename(string $owner): void
    {
        $this->owner = $owner;
    }
}
