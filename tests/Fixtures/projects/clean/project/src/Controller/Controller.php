<?php

declare(strict_types=1);

namespace App\Controller;

abstract class Controller
{
}
