<?php

namespace Acme\Shop;

// Narrows Priced::$price (get only): PHP loads SalePrice and Money to check it.
class Discounted implements Priced
{
    public SalePrice $price {
        get => new SalePrice(90);
    }
}
