<?php

declare(strict_types=1);

$finder = (new PhpCsFixer\Finder())
    ->in([__DIR__.'/src', __DIR__.'/tests', __DIR__.'/bin', __DIR__.'/recorder', __DIR__.'/bench/seeds'])
    ->exclude(['Fixtures', 'results'])
    ->name('preheat')
    ->name('*.php');

return (new PhpCsFixer\Config())
    ->setRiskyAllowed(true)
    ->setRules([
        '@Symfony' => true,
        '@Symfony:risky' => true,
        'declare_strict_types' => true,
        'final_class' => true,
        'native_function_invocation' => ['include' => ['@compiler_optimized'], 'scope' => 'namespaced'],
        'phpdoc_to_comment' => false,
        'yoda_style' => true,
        // A throw with a long message is wrapped to stay within 120 characters, not joined onto one line.
        'single_line_throw' => false,
    ])
    ->setFinder($finder);
