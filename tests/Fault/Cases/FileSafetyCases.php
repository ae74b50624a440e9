<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/**
 * What Preheat writes and proposes to run on files: the fixes it prints never change a file other than the
 * one they name (links), what it writes has its own mode whatever the umask, and what it makes while it runs
 * is gone after an interrupt.
 */
final class FileSafetyCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $record = static fn (Sandbox $s, string ...$more): Run => new Run(['record', '--project='.$s->smallProject(), '--install', '--pool-user=www-data', ...$more]);

        return [
            new FaultCase('record-store-link-to-root-file', 'record', 'the store is a symbolic link (planted by the pool\'s user) to a file only root may read', static function (Sandbox $s) use ($record): Run {
                $secret = $s->write($s->root.'/secret', "root only\n", 0600);
                symlink($secret, $s->project.'/preheat-usage.log');

                return $record($s);
            }, new Expect([1], '{preheat-usage\.log is a symbolic link}', '{fix: (touch .*)?chown}', unchanged: ['preheat-usage.log'], creates: ['preheat-recorder.php']), '28.3'),
            new FaultCase('record-store-hard-link-to-root-file', 'record', 'the store is a second hard link to a file only root may read', static function (Sandbox $s) use ($record): Run {
                $secret = $s->write($s->root.'/secret', "root only\n", 0600);
                link($secret, $s->project.'/preheat-usage.log');

                return $record($s);
            }, new Expect([1], '{preheat-usage\.log has 2 hard links}', '{fix: (touch .*)?chown}', unchanged: ['preheat-usage.log'], creates: ['preheat-recorder.php']), '28.3'),
        ];
    }
}
