<?php

namespace Acme\Queue\Testing;

class RunsInParallel
{
    public function createApplication(): object
    {
        // The app's own trait: absent from a package's tree, so this anonymous class cannot link.
        return new class() {
            use \Tests\CreatesApplication;
        };
    }
}
