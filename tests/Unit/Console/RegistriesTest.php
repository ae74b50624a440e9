<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Console;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTool;
use Preheat\Bench\Load\Tool\WrkTool;
use Preheat\Config\IntegerSetting;
use Preheat\Console\Application;
use Preheat\Console\Extension\Registries;
use Preheat\Plan\Strategy\EverySafeFile;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Plan\Strategy\StrategyKind;
use Preheat\Plan\Strategy\StrategySource;
use Preheat\Process\ProcessRunner;
use Preheat\Server\Binaries;
use Symfony\Component\Console\Tester\CommandCompletionTester;

/**
 * The Application's registries reach every command that names their kinds: a strategy and a load tool added to
 * them alone are in generate's and bench's help and completion, and the tool's own setting is an option of bench.
 */
final class RegistriesTest extends TestCase
{
    public function testWhatIsAddedToTheRegistriesIsInTheHelpAndCompletionOfEveryCommandThatNamesIt(): void
    {
        $application = new Application(
            Registries::standard()->withStrategy(new SecondStrategy())->withTool(new SlowTool()),
        );
        $generate = $application->find('generate');
        $bench = $application->find('bench');

        self::assertStringContainsString('second (every safe file, again)', $generate->getDefinition()->getOption('strategy')->getDescription());
        self::assertContains('second', (new CommandCompletionTester($generate))->complete(['--strategy=']));
        self::assertContains('slow', (new CommandCompletionTester($bench))->complete(['--tool=']));
        self::assertStringContainsString('slow (wrk, slowly)', $bench->getDefinition()->getOption('tool')->getDescription());
        self::assertSame(
            'Pauses between requests (default 0; preheat.json: bench.slowPauses)',
            $bench->getDefinition()->getOption('slow-pauses')->getDescription(),
        );
        self::assertStringContainsString('(default for wrk, ab and slow)', $bench->getDefinition()->getOption('schedule')->getDescription());
    }

    public function testTheShippedApplicationHasNoneOfThem(): void
    {
        $bench = (new Application())->find('bench');

        self::assertFalse($bench->getDefinition()->hasOption('slow-pauses'));
        self::assertStringNotContainsString('slow', $bench->getDefinition()->getOption('tool')->getDescription());
    }
}

/** Every safe file under another name. */
final class SecondStrategy implements StrategyKind
{
    public function name(): string
    {
        return 'second';
    }

    public function aliases(): array
    {
        return [];
    }

    public function help(): string
    {
        return 'every safe file, again';
    }

    public function options(): array
    {
        return [];
    }

    public function servesTheApp(): bool
    {
        return false;
    }

    public function seed(StrategySource $source): ?SeedStrategy
    {
        return (new EverySafeFile())->seed($source);
    }
}

/** wrk with a setting of its own. */
final class SlowTool implements LoadTool
{
    public function name(): string
    {
        return 'slow';
    }

    public function help(): string
    {
        return 'wrk, slowly';
    }

    public function runsPhp(): bool
    {
        return false;
    }

    public function loadsTogether(): bool
    {
        return true;
    }

    public function binaries(): array
    {
        return [];
    }

    public function settings(): array
    {
        return [new IntegerSetting('slowPauses', 'Pauses between requests', 0, 0, 10, 'a number of pauses', 'pauses')];
    }

    public function describe(LoadSettings $settings): string
    {
        return 'slow';
    }

    public function generator(ProcessRunner $runner, Binaries $binaries, ?string $user): LoadGenerator
    {
        return (new WrkTool())->generator($runner, $binaries, $user);
    }
}
