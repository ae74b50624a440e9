<?php

declare(strict_types=1);

require __DIR__.'/../vendor/autoload.php';

$path = parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH);

switch ($path) {
    case '/':
        echo (new App\HomePage())->render();
        break;
    case '/api':
        header('Content-Type: application/json');
        // A class no autoloader finds: with an authoritative classmap too, class_exists() says no.
        echo json_encode(['greeting' => App\Greeting::text(), 'optional' => class_exists('App\Optional\Missing')]);
        break;
    default:
        http_response_code(404);
        echo 'not found';
}
