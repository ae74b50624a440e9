<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\WrkLoadGenerator;
use Preheat\Plan\CapacityFit;
use Preheat\Plan\DropOrigin;
use Preheat\Plan\ForcedDrop;
use Preheat\Script\Generate\CapacityRound;
use Preheat\Script\Generate\FitRound;
use Preheat\Script\Generate\FixRound;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupMessage;
use Preheat\Script\Verify\UnlinkedClass;
use Preheat\Util\ValueObjectCodec;

final class ValueObjectCodecTest extends TestCase
{
    public function testValueObjectsComeBackEqualFromPlainArrays(): void
    {
        $codec = new ValueObjectCodec([StartupMessage::class, Severity::class]);
        $message = new StartupMessage(Severity::Warning, 'Cannot link', '/app/a.php', 3);

        $plain = unserialize(serialize($codec->encode($message)), ['allowed_classes' => false]);

        self::assertEquals($message, $codec->decode($plain, StartupMessage::class));
    }

    public function testAClassNotListedIsRefused(): void
    {
        $plain = (new ValueObjectCodec([UnlinkedClass::class]))->encode(new UnlinkedClass('A', 'parent missing'));

        $this->expectException(\UnexpectedValueException::class);
        (new ValueObjectCodec([StartupMessage::class, Severity::class]))->decode($plain, StartupMessage::class);
    }

    public function testAValueOfTheWrongTypeIsRefused(): void
    {
        $codec = new ValueObjectCodec([UnlinkedClass::class]);
        $plain = $codec->encode(new UnlinkedClass('A', 'parent missing'));
        \assert(\is_array($plain) && \is_array($plain['p']));
        $plain['p']['line'] = 'seven';

        $this->expectException(\UnexpectedValueException::class);
        $codec->decode($plain, UnlinkedClass::class);
    }

    public function testAnUntaggedArrayIsRefused(): void
    {
        $this->expectException(\UnexpectedValueException::class);
        (new ValueObjectCodec([UnlinkedClass::class]))->decode(['class' => 'A'], UnlinkedClass::class);
    }

    public function testAClassWithADestructorCannotBeListed(): void
    {
        $this->expectException(\LogicException::class);
        new ValueObjectCodec([WrkLoadGenerator::class]);
    }

    public function testConstraintsComeBackEqual(): void
    {
        $codec = new ValueObjectCodec([FixRound::class, ForcedDrop::class, DropOrigin::class, FitRound::class, CapacityFit::class, CapacityRound::class]);
        $rounds = [
            new FixRound(1, [ForcedDrop::unlinkedClass('App\\A', 'parent missing'), ForcedDrop::refusedFile('/app/b.php', 'warning')]),
            new FitRound(new CapacityFit(['/app/a.php'], 'memory'), [new CapacityRound(2, 'opcache.memory_consumption', '8', '16', 10, 5)], 10),
        ];

        foreach ($rounds as $round) {
            $plain = unserialize(serialize($codec->encode($round)), ['allowed_classes' => false]);
            self::assertEquals($round, $codec->decode($plain, $round::class));
        }
    }

    public function testAListOfTheWrongElementsIsRefused(): void
    {
        $codec = new ValueObjectCodec([FixRound::class, ForcedDrop::class, DropOrigin::class]);
        $plain = $codec->encode(new FixRound(1, [ForcedDrop::unlinkedClass('App\\A', 'parent missing')]));
        \assert(\is_array($plain) && \is_array($plain['p']));
        $plain['p']['drops'] = ['a' => [5]];

        $this->expectException(\UnexpectedValueException::class);
        $this->expectExceptionMessage('drops holds a int, not a '.ForcedDrop::class);
        $codec->decode($plain, FixRound::class);
    }
}
