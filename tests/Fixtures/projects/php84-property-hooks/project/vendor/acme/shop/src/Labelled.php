<?php

namespace Acme\Shop;

abstract class Labelled
{
    abstract public string $label { get; }
}
