<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Outcome;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/** `usage` and `record`: garbage, empty, missing and unreachable stores, concurrent writers, places the pool's user cannot write. */
final class UsageCases
{
    /** One batch as the recorder writes it: 10 sampled requests that loaded /app/a.php. */
    private const BATCH = '{"v":2,"server":"web1","from":1700000000,"to":1700000060,"requests":10,"dropped":0,"files":{"/app/a.php":10},"required":{}}';

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $usage = static fn (Sandbox $s, string $content, string ...$more): Run => new Run(['usage', '--store='.$s->write('usage.log', $content), ...$more]);
        $record = static fn (Sandbox $s, string ...$more): Run => new Run(['record', '--project='.$s->smallProject(), ...$more]);

        return [
            new FaultCase('usage-garbage-store', 'usage', 'a store of 3 KB of random bytes', static fn (Sandbox $s): Run => $usage($s, random_bytes(3000)."\n"), new Expect([2], '{not a (usage )?store}i', '{No traffic recorded yet}', unchanged: ['usage.log']), '16.10'),
            new FaultCase('usage-empty-store', 'usage', 'an empty store', static fn (Sandbox $s): Run => $usage($s, ''), new Expect([0, 2], '{No traffic}i', unchanged: ['usage.log'])),
            new FaultCase('usage-partly-damaged', 'usage', 'a store with a good batch, a garbled line and a torn last line', static fn (Sandbox $s): Run => $usage($s, self::BATCH."\ngarbage\n{\"v\":2,\"serv"), new Expect([0], '{2 records skipped.*/app/a\.php}s', unchanged: ['usage.log'])),
            new FaultCase('usage-future-format', 'usage', 'a store written by a newer recorder (format 99)', static fn (Sandbox $s): Run => $usage($s, '{"v":99}'."\n"), new Expect([2], '{99}', unchanged: ['usage.log'])),
            new FaultCase('usage-missing-store', 'usage', 'the store file does not exist', static fn (Sandbox $s): Run => new Run(['usage', '--store='.$s->root.'/none.log']), new Expect([2], '{none\.log}')),
            new FaultCase('usage-store-in-missing-dir', 'usage', 'the store\'s directory does not exist', static fn (Sandbox $s): Run => new Run(['usage', '--store='.$s->root.'/nodir/usage.log']), new Expect([2], '{nodir}')),
            new FaultCase('usage-store-is-a-directory', 'usage', 'the store is a directory', static fn (Sandbox $s): Run => new Run(['usage', '--store='.$s->project]), new Expect([2], '{project}')),
            new FaultCase('usage-redis-down', 'usage', 'a redis:// store where nothing listens', static fn (Sandbox $s): Run => new Run(['usage', '--store=redis://127.0.0.1:'.$s->freePort().'/0']), new Expect([3], '{Cannot reach Redis}')),
            new FaultCase('usage-unsupported-store', 'usage', 'a store of an unknown scheme (ftp://)', static fn (Sandbox $s): Run => new Run(['usage', '--store=ftp://127.0.0.1/x']), new Expect([2], '{Unsupported store}')),
            new FaultCase('usage-bad-top', 'usage', '--top=-1', static fn (Sandbox $s): Run => $usage($s, self::BATCH."\n", '--top=-1'), new Expect([2], '{--top}')),
            new FaultCase('usage-merge-into-under-a-file', 'usage', 'merge --into a path whose directory is a file', static fn (Sandbox $s): Run => new Run(['usage', 'merge', '--store='.$s->write('a.log', self::BATCH."\n"), '--into='.$s->write('file', '').'/into.log']), new Expect([2], '{into\.log}', unchanged: ['a.log', 'file'])),
            new FaultCase('usage-merge-concurrent', 'usage', '4 merges into the same store at the same time (concurrent writers)', static fn (Sandbox $s): Run => new Run(['usage', 'merge', '--store='.$s->write('a.log', self::BATCH."\n"), '--into='.$s->project.'/total.log'], copies: 4), new Expect([0], unchanged: ['a.log'], creates: ['total.log'], after: self::totalRequests(40), afterSays: 'all 40 requests in the store')),
            new FaultCase('record-without-install', 'record', 'record without --install (a dry run)', static fn (Sandbox $s): Run => $record($s), new Expect([0, 1], '{record}i')),
            new FaultCase('record-bad-sample', 'record', '--sample=0', static fn (Sandbox $s): Run => $record($s, '--sample=0', '--install'), new Expect([2], '{--sample}')),
            new FaultCase('record-bootstrap-in-missing-dir', 'record', '--bootstrap into a directory that does not exist', static fn (Sandbox $s): Run => $record($s, '--bootstrap='.$s->root.'/nodir/b.php', '--install'), new Expect([2], '{nodir}')),
            new FaultCase('record-store-under-a-file', 'record', '--store in a "directory" that is a file', static fn (Sandbox $s): Run => $record($s, '--store='.$s->write($s->root.'/file', '').'/usage.log', '--install'), new Expect([2], '{usage\.log}')),
            new FaultCase('record-missing-project', 'record', 'the project does not exist', static fn (Sandbox $s): Run => new Run(['record', '--project='.$s->root.'/nowhere', '--install']), new Expect([2], '{nowhere}')),
            new FaultCase('record-closed-project', 'record', '--install into a project inside a 0700 directory the pool\'s user cannot enter', static function (Sandbox $s): Run {
                mkdir($s->root.'/closed', 0700);
                mkdir($s->root.'/closed/app');

                return new Run(['record', '--project='.$s->root.'/closed/app', '--install', '--pool-user=www-data']);
            }, new Expect([1, 2, 3], '{www-data}')),
        ];
    }

    /** @return \Closure(Sandbox, Outcome): list<string> */
    private static function totalRequests(int $expected): \Closure
    {
        return static function (Sandbox $s, Outcome $o) use ($expected): array {
            $total = 0;
            foreach (file($s->project.'/total.log') ?: [] as $line) {
                $record = json_decode($line, true);
                $total += \is_array($record) && \is_int($record['requests'] ?? null) ? $record['requests'] : 0;
            }

            return $total === $expected ? [] : ["the store holds $total requests, not $expected"];
        };
    }
}
