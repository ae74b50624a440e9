<?php

namespace Acme\App;

/** Extends a class PHP refuses: left out with it. */
class Polite extends Bad
{
}
