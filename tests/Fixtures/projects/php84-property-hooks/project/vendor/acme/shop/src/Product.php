<?php

namespace Acme\Shop;

class Product implements Priced
{
    public Money $price {
        get => new Money($this->cents);
    }

    public string $slug {
        set(string $value) {
            $this->slug = Slugger::slug($value);
        }
    }

    public function __construct(private int $cents, string $name)
    {
        $this->slug = $name;
    }
}
