<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

final class DoctorCases
{
    /** @return list<\Preheat\Tests\Fault\FaultCase> */
    public static function cases(): array
    {
        return [];
    }
}
