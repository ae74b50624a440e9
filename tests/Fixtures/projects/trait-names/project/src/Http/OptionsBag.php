<?php

namespace App\Http;

abstract class OptionsBag
{
    use Options;
}
