<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Session;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Compare\Assertion\AssertionError;
use Preheat\Bench\Compare\CompareError;
use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\BenchConfigCheck;
use Preheat\Bench\Config\BenchOverrides;
use Preheat\Bench\Load\Tool\LoadTools;
use Preheat\Bench\Session\BenchFactory;
use Preheat\Bench\Session\BenchRequest;
use Preheat\Bench\Session\BenchSession;
use Preheat\ConfigError;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Progress\NullProgressLogger;
use Preheat\Server\Serve\RuntimeRegistry;
use Preheat\Tests\Support\FakeProcessRunner;

/** What a benchmark is refused for is refused before any process starts: the PHP found, a server, the load. */
final class BenchSessionTest extends TestCase
{
    private FakeProcessRunner $processes;

    /** Counts the configurations it is given, and lets them all through. */
    private BenchConfigCheck&\Countable $counting;

    protected function setUp(): void
    {
        $this->processes = new FakeProcessRunner();
        $this->counting = new class implements BenchConfigCheck, \Countable {
            /** @var int<0, max> */
            private int $checked = 0;

            public function check(BenchConfig $config): void
            {
                ++$this->checked;
            }

            public function count(): int
            {
                return $this->checked;
            }
        };
    }

    public function testTheConfigCheckSeesTheLoadedConfigurationFirst(): void
    {
        $refusing = new class implements BenchConfigCheck {
            public function check(BenchConfig $config): void
            {
                throw ConfigError::invalid('workers', \count($config->scenarios), 'refused by the check');
            }
        };

        try {
            $this->session($refusing)->run($this->request(['not an assertion']), new NullProgressLogger());
            self::fail('the check refuses the configuration');
        } catch (ConfigError $error) {
            self::assertStringContainsString('refused by the check', $error->getMessage());
        }
        self::assertSame([], $this->processes->ran);
        self::assertSame([], $this->processes->started);
    }

    public function testAnAssertionThatCannotBeReadIsRefusedBeforeAnyProcess(): void
    {
        $this->expectException(AssertionError::class);
        try {
            $this->session()->run($this->request(['hot.gain >= ten']), new NullProgressLogger());
        } finally {
            self::assertCount(1, $this->counting, 'after the configuration was checked');
            self::assertSame([], $this->processes->ran);
            self::assertSame([], $this->processes->started);
        }
    }

    public function testAnEarlierReportThatCannotBeReadIsRefusedBeforeAnyProcess(): void
    {
        $this->expectException(CompareError::class);
        try {
            $this->session()->run($this->request([], __FILE__), new NullProgressLogger());
        } finally {
            self::assertSame([], $this->processes->ran);
            self::assertSame([], $this->processes->started);
        }
    }

    private function session(?BenchConfigCheck $check = null): BenchSession
    {
        return new BenchSession(new BenchFactory(
            $this->processes,
            RuntimeRegistry::standard(),
            LoadTools::standard(),
            Strategies::standard(),
        ), $check ?? $this->counting);
    }

    /** @param list<string> $assertions */
    private function request(array $assertions, ?string $baseline = null): BenchRequest
    {
        return new BenchRequest(
            \dirname(__DIR__, 3).'/Fixtures/bench/app',
            null,
            new BenchOverrides(['/']),
            $assertions,
            $baseline,
        );
    }
}
