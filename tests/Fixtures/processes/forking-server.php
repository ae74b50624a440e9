<?php

// A fake server that is hard to stop, for the tests of stopping a server's every process. It forks
// workers that ignore SIGTERM (as one stuck in a request does), one of which forks a grandchild that
// leaves the session (setsid), and keeps forking a worker every 0.2 s after it started; on SIGTERM the
// master exits at once without stopping its workers, which live on with parent 1. Every PID it makes
// is appended to the file named by its first argument, one per line.

declare(strict_types=1);

$pidFile = $argv[1] ?? throw new RuntimeException('usage: forking-server.php PIDFILE');
$record = static function () use ($pidFile): void {
    file_put_contents($pidFile, getmypid()."\n", FILE_APPEND | LOCK_EX);
};
$worker = static function () use ($record): never {
    pcntl_signal(SIGTERM, SIG_IGN);
    $record();
    while (true) {
        sleep(1);
    }
};

$record();
for ($i = 0; $i < 3; ++$i) {
    if (0 === pcntl_fork()) {
        if (0 === $i && 0 === pcntl_fork()) {
            posix_setsid();
            $worker();
        }
        $worker();
    }
}
pcntl_async_signals(true);
pcntl_signal(SIGTERM, static fn () => exit(0));
while (true) {
    usleep(200_000);
    if (0 === pcntl_fork()) {
        $worker();
    }
}
