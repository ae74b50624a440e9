<?php

namespace Acme\Value;

// Nor a class that is not readonly extend a readonly one.
class MutablePoint extends Point
{
}
