<?php

namespace Acme\Framework;

class Kernel
{
}
