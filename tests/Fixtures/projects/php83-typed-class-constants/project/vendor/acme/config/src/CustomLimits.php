<?php

namespace Acme\Config;

// Limits::MAX is final: PHP refuses to link a class that redeclares it.
class CustomLimits implements Limits
{
    const int MAX = 20;
}
