<?php

namespace Acme\Shop;

class Badge extends Labelled
{
    public string $label = 'new';
}
