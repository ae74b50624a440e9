<?php

declare(strict_types=1);

namespace App\Controller;

use Acme\Container\ContainerInterface;

final class HomeController extends Controller
{
    public function __invoke(ContainerInterface $container): string
    {
        return 'home';
    }
}
