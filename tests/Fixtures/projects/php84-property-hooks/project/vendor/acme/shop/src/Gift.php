<?php

namespace Acme\Shop;

use Acme\Gifts\Voucher;

// Narrows Priced::$price to a class of a package that is not installed: PHP cannot check it at preload.
class Gift implements Priced
{
    public Voucher $price {
        get => new Voucher();
    }
}
