<?php

namespace Acme\Parser\Node;

abstract class Scalar
{
}
