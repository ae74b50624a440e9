<?php

declare(strict_types=1);

namespace Preheat\Worker\App;

use Preheat\Worker\Http\CgiRequest;
use Preheat\Worker\Http\Response;

/**
 * The app a worker booted once, serving one request at a time. Each adapter gives every request fresh
 * request and response objects and leaves nothing of it behind for the next.
 */
interface Application
{
    public function handle(CgiRequest $request): Response;
}
