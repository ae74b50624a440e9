<?php

declare(strict_types=1);

namespace Acme\Testkit;

// A dev-only helper for the app's tests: its parent comes with PHPUnit, which a production install does not have.
abstract class FixtureTestCase extends \PHPUnit\Framework\TestCase
{
}
