<?php

namespace Acme\Value;

// A readonly class cannot extend one that is not.
readonly class FrozenEntity extends Entity
{
}
