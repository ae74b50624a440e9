<?php

namespace Acme\Queue;

class Worker
{
    use Dispatchable;
}
