<?php

namespace Acme\Config;

// Untyped: every PHP parses it.
final class Env
{
    const NAME = 'prod';
}
