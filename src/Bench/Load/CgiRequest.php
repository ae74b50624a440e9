<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Server\PhpIni;

/**
 * One GET of a page as `php-cgi -T` repeats it: the CGI variables a web server would pass for it
 * to the front controller, and what php-cgi printed back.
 */
final class CgiRequest
{
    /**
     * php-cgi's options that lift `max_input_time` (Debian's php.ini: 60 s) off the start of its first
     * request, where OPcache runs the preload: a heavy preload, 50 times slower under valgrind, would
     * otherwise end php-cgi with "Maximum execution time exceeded" before any page is measured. A page
     * still runs under the php.ini's `max_execution_time`, as it does behind a server.
     *
     * @return list<string>
     */
    public static function untimedPreload(): array
    {
        return ['-d', 'max_input_time=0'];
    }

    /** @return array<string, string> */
    public static function environment(LoadTarget $target, string $page): array
    {
        $query = explode('?', $page, 2)[1] ?? '';
        // The scenario's last .ini directory too, after the one php-cgi would scan (PhpIni::write()).
        $scanDir = getenv('PHP_INI_SCAN_DIR');

        return PhpIni::environment(false === $scanDir ? null : $scanDir, $target->phpIni) + [
            'REDIRECT_STATUS' => '200',
            'REQUEST_METHOD' => 'GET',
            'SCRIPT_FILENAME' => $target->frontController,
            'SCRIPT_NAME' => '/'.basename($target->frontController),
            'REQUEST_URI' => $page,
            'PATH_INFO' => '',
            'QUERY_STRING' => $query,
            'DOCUMENT_ROOT' => $target->documentRoot,
            'SERVER_NAME' => '127.0.0.1',
            'SERVER_PORT' => '80',
            'SERVER_PROTOCOL' => 'HTTP/1.1',
            'HTTP_HOST' => '127.0.0.1',
            'REMOTE_ADDR' => '127.0.0.1',
        ];
    }

    /**
     * The status php-cgi answered with: it prints a Status header only for one that is not 200.
     * The correctness gate has checked each page through the web server before.
     */
    public static function status(string $stdout): int
    {
        return preg_match('/^Status: (\d{3})/m', $stdout, $match) ? (int) $match[1] : 200;
    }
}
