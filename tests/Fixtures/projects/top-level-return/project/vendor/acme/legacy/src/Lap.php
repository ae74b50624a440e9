<?php

namespace Acme\Legacy;

class Lap extends Stopwatch
{
}
