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
    case '/cached':
        // A page cache keyed by the absolute URL (host, port and path), as real apps keep one: a render
        // prints a random id (a view's DOM id), a hit prints the stored render.
        $cache = dirname($counter).'/page-cache';
        @mkdir($cache, 0777);
        $key = ($_SERVER['HTTP_HOST'] ?? '').($_SERVER['SERVER_PORT'] ?? '').($_SERVER['REQUEST_URI'] ?? '');
        $file = $cache.'/'.md5($key).'.html';
        $page = @file_get_contents($file);
        if (false === $page) {
            $page = sprintf("<div id=\"view-%s\">\n%s\n</div>\n", bin2hex(random_bytes(8)), (new App\HomePage())->render());
            $temporary = $file.'.'.getmypid();
            file_put_contents($temporary, $page);
            rename($temporary, $file);
        }
        echo $page;
        break;
    case '/contact':
        // An address written as a random mix of decimal and hex character references and plain letters,
        // character by character, as anti-spam helpers write it: every request differs at other places.
        $obfuscated = static function (string $text): string {
            $out = '';
            foreach (str_split($text) as $character) {
                $out .= match (random_int(0, 2)) {
                    0 => '&#'.ord($character).';',
                    1 => '&#x'.dechex(ord($character)).';',
                    default => $character,
                };
            }

            return $out;
        };
        echo (new App\HomePage())->render();
        printf("<p>Write to <a href=\"%s\">%s</a>.</p>\n", $obfuscated('mailto:webmaster@example.org'), $obfuscated('webmaster@example.org'));
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
