<?php

namespace Acme\DebugBar;

class KernelCollector extends \Acme\Framework\Kernel
{
}
