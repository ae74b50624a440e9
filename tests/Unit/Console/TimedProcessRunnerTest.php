<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\TestCase;
use Preheat\Console\Command\TimedProcessRunner;
use Preheat\Process\ProcessResult;
use Preheat\Progress\Timings;
use Preheat\Progress\TimingSpan;
use Preheat\Tests\Support\FakeProcessRunner;

final class TimedProcessRunnerTest extends TestCase
{
    public function testEveryProcessIsReportedNamedByItsBootOrAsOther(): void
    {
        $inner = new FakeProcessRunner();
        $timings = new Timings();
        $runner = new TimedProcessRunner($inner, $timings);

        $timings->boot(
            'PHP boot: with the script',
            static fn (): ProcessResult => $runner->run(['/usr/bin/php8.2', '-d', 'x=1', '/tmp/preheat-probe-1.php']),
        );
        $timings->span('plan', static fn (): ProcessResult => $runner->run(['/usr/bin/php8.2', '-r', 'echo 1;']));
        $runner->start(['/usr/sbin/php-fpm8.2', '-F']);

        $names = array_map(static fn (TimingSpan $s): string => $s->name, $timings->report()->spans);

        self::assertCount(2, $inner->ran, 'the inner runner still runs them');
        self::assertCount(1, $inner->started);
        self::assertSame(
            ['PHP boot: with the script', 'plan', 'other process: php8.2 -r', 'other process: php-fpm8.2 -F'],
            $names,
        );
        self::assertSame(3, $timings->report()->processes());
    }
}
