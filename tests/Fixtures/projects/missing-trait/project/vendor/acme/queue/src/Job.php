<?php

namespace Acme\Queue;

use Illuminate\Bus\Queueable;

class Job
{
    use Queueable;
    use Dispatchable;
}
