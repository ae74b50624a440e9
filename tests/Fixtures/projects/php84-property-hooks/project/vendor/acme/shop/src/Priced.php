<?php

namespace Acme\Shop;

interface Priced
{
    public Money $price { get; }
}
