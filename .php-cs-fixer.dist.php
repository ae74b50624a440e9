<?php

declare(strict_types=1);

$finder = (new PhpCsFixer\Finder())
    ->in([__DIR__.'/src', __DIR__.'/tests', __DIR__.'/bin', __DIR__.'/recorder', __DIR__.'/bench/seeds'])
    ->exclude(['Fixtures', 'results'])
    ->name('preheat')
    ->name('*.php');

// php-cs-fixer has no rule for line length: tests/Unit/Architecture/LineLengthTest.php keeps every line of
// src/ to 120 characters (vendor/bin/phpunit --group line-length).
return (new PhpCsFixer\Config())
    ->setRiskyAllowed(true)
    ->setRules([
        '@Symfony' => true,
        '@Symfony:risky' => true,
        'declare_strict_types' => true,
        'final_class' => true,
        'native_function_invocation' => ['include' => ['@compiler_optimized'], 'scope' => 'namespaced'],
        'phpdoc_to_comment' => false,
        // A throw with a long message is wrapped over lines, as any other call (see LineLengthTest).
        'single_line_throw' => false,
        'yoda_style' => true,
        // A throw with a long message is wrapped to stay within 120 characters, not joined onto one line.
        'single_line_throw' => false,
    ])
    ->setFinder($finder);
