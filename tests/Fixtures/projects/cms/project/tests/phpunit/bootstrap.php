<?php

function add_action($hook, $callback)
{
}

class WP_UnitTestCase extends PHPUnit\Framework\TestCase
{
}
