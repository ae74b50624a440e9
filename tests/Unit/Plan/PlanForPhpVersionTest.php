<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\PreloadPlan;
use Preheat\Tests\Support\PlannerCase;

/**
 * The plan is for the PHP that will run the script: the same project planned for PHP 8.2 and for 8.4 differs
 * where the two PHPs do (syntax 8.2 cannot parse, #[\Override] that only 8.3+ checks).
 */
final class PlanForPhpVersionTest extends TestCase
{
    public function testForPhp82AFileWithNewerSyntaxIsLeftOutSayingWhichPhpItNeeds(): void
    {
        $result = PlannerCase::load('php84-property-hooks')->resultFor('8.2.29');
        $plan = $result->plan;
        self::assertSame(
            ['Planned for PHP 8.2.29, the PHP that will run the script: 5 file(s) use syntax it cannot parse and are '
            .'left out (vendor/acme/shop/src/Discounted.php: a property hook on line 8 needs PHP 8.4).'],
            array_map(static fn ($note): string => $note->message, $result->warnings),
        );
        self::assertSame([], PlannerCase::load('php84-property-hooks')->resultFor('8.4.0')->warnings);

        self::assertEqualsCanonicalizing(
            ['vendor/acme/shop/src/Money.php', 'vendor/acme/shop/src/SalePrice.php', 'vendor/acme/shop/src/Slugger.php'],
            $this->includedFiles($plan),
        );
        $priced = $plan->droppedFiles[$plan->projectRoot.'/vendor/acme/shop/src/Priced.php'] ?? null;
        self::assertNotNull($priced);
        self::assertSame('parse-error', $priced->exclusion->reason->value);
        self::assertSame(
            'does not parse on PHP 8.2.29, which the plan is for: a property hook on line 7 needs PHP 8.4',
            $priced->exclusion->message,
        );
        self::assertSame('dropped-dependency', $plan->droppedClass('Acme\Shop\Badge')?->exclusion->reason->value);
    }

    /** Planned for the right PHP, a version-split polyfill's file for a newer PHP is no reason to warn. */
    public function testAFileOnlyIncludedBehindAVersionCheckIsLeftOutWithoutAWarning(): void
    {
        $result = PlannerCase::load('version-split-polyfill')->resultFor('8.2.29');

        self::assertSame([], $result->warnings);
        self::assertSame(
            'parse-error',
            $result->plan->droppedFiles[$result->plan->projectRoot.'/vendor/acme/polyfill/bootstrap85.php']->exclusion->reason->value ?? null,
        );
    }

    public function testPhp83SyntaxIsPlannedForPhp83(): void
    {
        $case = PlannerCase::load('php83-typed-class-constants');

        self::assertCount(7, $this->includedFiles($case->resultFor('8.3.0')->plan));
        self::assertSame(['vendor/acme/config/src/Env.php'], $this->includedFiles($case->resultFor('8.2.29')->plan));
    }

    public function testOverrideIsCheckedOnlyForPhp83AndLater(): void
    {
        $case = PlannerCase::load('php83-override');
        $typo = 'vendor/acme/http/src/TypoController.php';

        self::assertContains($typo, $this->includedFiles($case->resultFor('8.2.29')->plan));
        $plan = $case->resultFor('8.3.0')->plan;
        self::assertNotContains($typo, $this->includedFiles($plan));
        self::assertSame(
            'Acme\Http\TypoController::rendr() has #[\Override], but no ancestor has a method rendr(): '
            .'PHP 8.3.0 refuses to link the class',
            $plan->droppedClass('Acme\Http\TypoController')?->exclusion->message,
        );
    }

    /** @return list<string> */
    private function includedFiles(PreloadPlan $plan): array
    {
        return array_map(
            static fn ($file): string => substr($file->path, \strlen($plan->projectRoot) + 1),
            $plan->included,
        );
    }
}
