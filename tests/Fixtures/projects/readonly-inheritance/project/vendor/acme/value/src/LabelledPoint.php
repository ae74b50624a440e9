<?php

namespace Acme\Value;

class LabelledPoint extends MutablePoint
{
}
