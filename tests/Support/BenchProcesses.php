<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/** Finds servers (and valgrind) a benchmark of this test run left behind: any process whose command line names a work directory of the run. */
final class BenchProcesses
{
    /** @return list<string> command lines */
    public static function leftBehind(): array
    {
        $found = [];
        foreach (glob('/proc/[0-9]*/cmdline') ?: [] as $file) {
            $command = str_replace("\0", ' ', (string) @file_get_contents($file));
            if (str_contains($command, TestRunDirectory::path().'/') && (str_contains($command, 'php-fpm') || str_contains($command, 'nginx') || str_contains($command, 'apache2') || str_contains($command, 'worker.json') || str_contains($command, 'callgrind'))) {
                $found[] = trim($command);
            }
        }

        return $found;
    }
}
