<?php

namespace Acme\Shop;

class SalePrice extends Money
{
}
