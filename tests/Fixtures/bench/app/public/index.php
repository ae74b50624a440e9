<?php

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $file = __DIR__.'/../src/'.str_replace('\\', '/', substr($class, 4)).'.php';
    if (str_starts_with($class, 'App\\') && is_file($file)) {
        require $file;
    }
});

$path = parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH);
$counter = getenv('PREHEAT_FIXTURE_COUNTER') ?: sys_get_temp_dir().'/preheat-fixture-counter';

switch ($path) {
    case '/':
        echo (new App\HomePage())->render();
        break;
    case '/api':
        header('Content-Type: application/json');
        echo json_encode(['greeting' => App\Greeting::text(), 'items' => range(1, 5)]);
        break;
    case '/volatile':
        // Changes on every request as real pages do (a token, a request id, times, the address in
        // several encodings): the gate learns what changes between identical requests and masks it.
        $started = microtime(true);
        $home = 'http://'.($_SERVER['HTTP_HOST'] ?? 'localhost').'/';
        echo (new App\HomePage())->render();
        printf("<p>token %s, request %s, at %s, in %.5f s</p>\n", bin2hex(random_bytes(16)), uniqid('', true), microtime(true), microtime(true) - $started);
        printf("<a href=\"/login?return=%s\">login</a>\n<script>var home = %s;</script>\n", rawurlencode($home.'volatile'), json_encode($home));
        break;
    case '/flaky':
        // Answers the first few requests, then fails: a run that gets errors must be void.
        $count = (int) @file_get_contents($counter) + 1;
        file_put_contents($counter, (string) $count);
        if ($count > 3) {
            http_response_code(500);
            echo 'failing now';
            break;
        }
        echo (new App\HomePage())->render();
        break;
    case '/die':
        // Takes php-fpm down after the first few requests: the benchmark must stop everything and say so.
        $count = (int) @file_get_contents($counter) + 1;
        file_put_contents($counter, (string) $count);
        if ($count > 3) {
            posix_kill(posix_getppid(), 9); // SIGKILL: the pcntl constants are not loaded under php-fpm
        }
        echo (new App\HomePage())->render();
        break;
    case '/work':
        // A page whose cost a test sets: made slower, by CPU work PHP's CPU time counts, while the file named
        // after the counter with ".slow" exists.
        $sum = 0;
        for ($i = is_file($counter.'.slow') ? 400000 : 0; $i > 0; --$i) {
            $sum += $i % 7;
        }
        echo (new App\HomePage())->render();
        break;
    default:
        http_response_code(404);
        echo 'not found';
}
