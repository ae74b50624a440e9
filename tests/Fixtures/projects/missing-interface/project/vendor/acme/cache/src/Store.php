<?php

namespace Acme\Cache;

interface Store
{
}
