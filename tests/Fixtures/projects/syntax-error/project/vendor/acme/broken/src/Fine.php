<?php

namespace Acme\Broken;

class Fine
{
}
