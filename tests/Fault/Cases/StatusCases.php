<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/** `status`: php-fpm that is not there, a dead socket, a listener that is not FastCGI, a URL that is not the probe. */
final class StatusCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $status = static fn (Sandbox $s, string ...$more): Run => new Run(['status', $s->write('preload.php', "<?php\n"), '--wait=2', ...$more]);

        return [
            new FaultCase('status-missing-script', 'status', 'the preload script does not exist', static fn (Sandbox $s): Run => new Run(['status', $s->project.'/none.php', '--fastcgi=127.0.0.1:1']), new Expect([2], '{none\.php}')),
            new FaultCase('status-closed-port', 'status', '--fastcgi names a port nothing listens on', static fn (Sandbox $s): Run => $status($s, '--fastcgi=127.0.0.1:'.$s->freePort()), new Expect([3], '{cannot reach php-fpm}')),
            new FaultCase('status-missing-socket', 'status', '--fastcgi names a socket path that does not exist', static fn (Sandbox $s): Run => $status($s, '--fastcgi='.$s->root.'/php-fpm.sock'), new Expect([3], '{php-fpm\.sock}')),
            new FaultCase('status-dead-socket', 'status', '--fastcgi names a regular file (a dead socket\'s leftover)', static fn (Sandbox $s): Run => $status($s, '--fastcgi='.$s->write($s->root.'/dead.sock', '')), new Expect([3], '{dead\.sock}')),
            new FaultCase('status-not-an-address', 'status', '--fastcgi=garbage', static fn (Sandbox $s): Run => $status($s, '--fastcgi=garbage'), new Expect([2, 3], '{garbage}')),
            new FaultCase('status-not-fastcgi', 'status', '--fastcgi names an HTTP server (not FastCGI)', static fn (Sandbox $s): Run => $status($s, '--fastcgi=127.0.0.1:'.$s->webServer()), new Expect([3], '{did not answer|not FastCGI|closed}i')),
            new FaultCase('status-url-unreachable', 'status', '--url on a closed port', static fn (Sandbox $s): Run => $status($s, '--url=http://127.0.0.1:'.$s->freePort().'/probe.php'), new Expect([3], '{Connection refused|cannot read}')),
            new FaultCase('status-url-not-the-probe', 'status', '--url serves a page that is not the status probe', static function (Sandbox $s) use ($status): Run {
                $s->write($s->root.'/page.html', '<h1>hello</h1>');

                return $status($s, '--url=http://127.0.0.1:'.$s->webServer().'/page.html');
            }, new Expect([3], '{not the status probe}')),
            new FaultCase('status-bad-wait', 'status', '--wait=-1', static fn (Sandbox $s): Run => $status($s, '--wait=-1', '--fastcgi=127.0.0.1:1'), new Expect([2], '{--wait}')),
            new FaultCase('status-probe-into-directory', 'status', '--write-probe names an existing directory', static function (Sandbox $s): Run {
                mkdir($s->root.'/probe');

                return new Run(['status', '--write-probe='.$s->root.'/probe']);
            }, new Expect([2], '{is a directory}i', '{check that the directory is writable}'), '16.10'),
            new FaultCase('status-missing-pool', 'status', '--pool does not exist', static fn (Sandbox $s): Run => $status($s, '--pool='.$s->root.'/none.conf'), new Expect([2], '{none\.conf}')),
        ];
    }
}
