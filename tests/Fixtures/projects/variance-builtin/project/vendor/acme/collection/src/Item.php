<?php

namespace Acme\Collection;

class Item
{
}
