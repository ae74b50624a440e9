<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Inventory;

use PHPUnit\Framework\TestCase;
use Preheat\Inventory\DeclaredType;
use Preheat\Inventory\MethodArity;
use Preheat\Inventory\MethodSignature;

/** A method's signature as the inventory cache keeps it: the same flat array as before its arity was grouped. */
final class MethodSignatureTest extends TestCase
{
    /** A cache entry's method as written before MethodArity: read the same, written back the same. */
    public function testTheCachedShapeIsReadAndWrittenAsItWas(): void
    {
        $cached = [
            'name' => 'handle',
            'parameters' => [['name' => 'request', 'type' => ['Request']], ['name' => 'rest', 'type' => null]],
            'returns' => ['Response'],
            'abstract' => true,
            'variadic' => true,
            'required' => 1,
            'count' => 1,
            'byReference' => [1],
            'static' => true,
            'returnsReference' => true,
            'override' => true,
        ];

        $signature = MethodSignature::fromArray($cached);

        self::assertEquals(new MethodArity(variadic: true, required: 1, count: 1, byReference: [1]), $signature->arity);
        self::assertTrue($signature->static);
        self::assertSame($cached, $signature->toArray());
    }

    public function testAVariadicParameterStandsForTheRest(): void
    {
        $type = new DeclaredType(['int']);
        $signature = new MethodSignature(
            name: 'sum',
            parameters: [['name' => 'first', 'type' => null], ['name' => 'rest', 'type' => $type]],
            returnType: null,
            arity: new MethodArity(variadic: true, required: 1, count: 1, byReference: [1]),
        );

        self::assertSame(['name' => 'rest', 'type' => $type], $signature->parameterAt(5));
        self::assertTrue($signature->passesByReference(3));
        self::assertFalse($signature->passesByReference(0));
        self::assertNull((new MethodSignature('none', [], null))->parameterAt(0));
        self::assertSame(['name' => 'none'], (new MethodSignature('none', [], null))->toArray(), 'defaults are left out');
    }
}
