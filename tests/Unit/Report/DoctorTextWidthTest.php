<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report;

use PHPUnit\Framework\TestCase;
use Preheat\Doctor\DoctorReport;
use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Severity;
use Preheat\Report\Doctor\DoctorTextRenderer;
use Preheat\Tests\Unit\Doctor\DoctorFixtures;

final class DoctorTextWidthTest extends TestCase
{
    public function testAFindingsExplanationWrapsToTheTerminalAndAt100ColumnsAtMost(): void
    {
        $detail = str_repeat('OPcache keeps the compiled code of every file in shared memory; ', 6);
        $report = new DoctorReport(DoctorFixtures::server(), DoctorFixtures::app(), [
            new Finding('some-rule', Severity::Warning, 'too small', $detail),
        ]);

        $narrow = $this->explanation((new DoctorTextRenderer())->lines($report, 60));
        $wide = $this->explanation((new DoctorTextRenderer())->lines($report, 200));

        self::assertLessThanOrEqual(60, max(0, ...array_map(mb_strwidth(...), $narrow)));
        self::assertGreaterThan(50, max(0, ...array_map(mb_strwidth(...), $narrow)), 'the lines are filled');
        self::assertLessThanOrEqual(104, max(0, ...array_map(mb_strwidth(...), $wide)));
        self::assertSame($wide, $this->explanation((new DoctorTextRenderer())->lines($report)), 'no width: 100, as before');
        self::assertSame(trim($detail), implode(' ', array_map('trim', $narrow)), 'no word lost or cut');
    }

    /**
     * @param list<string> $lines
     *
     * @return list<string> the finding's explanation lines
     */
    private function explanation(array $lines): array
    {
        $start = (int) array_search('[WARNING] too small', $lines, true) + 1;
        $end = $start;
        while (!str_starts_with($lines[$end], '    measured by:')) {
            ++$end;
        }

        return \array_slice($lines, $start, $end - $start);
    }
}
