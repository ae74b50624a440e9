<?php

namespace Acme\Http\Testing;

class Clock
{
}
