<?php

namespace Acme\DebugBar;

class DebugBar
{
}
