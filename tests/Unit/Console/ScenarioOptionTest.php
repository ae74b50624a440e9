<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\TestCase;
use Preheat\Console\Option\ScenarioOption;

final class ScenarioOptionTest extends TestCase
{
    public function testAListOfNamesIsSeveralScenarios(): void
    {
        self::assertSame(['none', 'hot', 'all'], ScenarioOption::values(['none,hot,all']));
        self::assertSame(['none', 'hot', 'all'], ScenarioOption::values(['none, hot', 'all']));
    }

    public function testANamedSpecIsKeptWholeEvenWithACommaInItsPath(): void
    {
        self::assertSame(['none', 'mine=/srv/app/pre,load.php'], ScenarioOption::values(['none', 'mine=/srv/app/pre,load.php']));
    }

    public function testAnEmptyNameIsLeftForTheLoaderToRefuse(): void
    {
        self::assertSame(['none', ''], ScenarioOption::values(['none,']));
    }
}
