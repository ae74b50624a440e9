<?php

declare(strict_types=1);

/*
 * Runs the fault suite (PHPUnit testsuite "fault") and prints its table in Markdown: each case, the
 * command, what is done, what is expected, and the result; then the totals.
 *
 *     php scripts/fault-table.php                        print the table (exit 1 if a case failed)
 *     php scripts/fault-table.php --write=doc/reliability.md   also put it into that file, between its markers
 *     php scripts/fault-table.php --filter=bench-        only the cases whose id matches (passed on to PHPUnit)
 */

use Preheat\Tests\Fault\FaultCases;

$root = dirname(__DIR__);
require $root.'/vendor/autoload.php';

$write = null;
$passOn = [];
foreach (array_slice($argv, 1) as $argument) {
    if (str_starts_with($argument, '--write=')) {
        $write = substr($argument, 8);
    } else {
        $passOn[] = $argument;
    }
}

$junit = tempnam(sys_get_temp_dir(), 'preheat-fault-junit-');
if (false === $junit) {
    fwrite(STDERR, "Cannot create a temporary file for PHPUnit's JUnit log.\n");
    exit(3);
}
$command = array_map('escapeshellarg', [PHP_BINARY, $root.'/vendor/bin/phpunit', '--testsuite', 'fault', '--log-junit', $junit, ...$passOn]);
$started = microtime(true);
passthru(implode(' ', $command), $phpunitExit);
$seconds = microtime(true) - $started;

$xml = @simplexml_load_file($junit);
@unlink($junit);
if (false === $xml) {
    fwrite(STDERR, "PHPUnit wrote no JUnit log (exit $phpunitExit): nothing to tabulate.\n");
    exit(3);
}

/** @var array<string, list<string>|null> $results case id => null when it passed, else what went wrong */
$results = [];
foreach ($xml->xpath('//testcase') ?: [] as $testcase) {
    if (1 !== preg_match('{with data set "([^"]+)"}', (string) $testcase['name'], $match)) {
        continue;
    }
    $failure = $testcase->failure ?? $testcase->error ?? null;
    if (null === $failure || 0 === count($failure)) {
        $results[$match[1]] = isset($testcase->skipped) ? ['skipped'] : null;
        continue;
    }
    preg_match_all("{^\\+\\s+\\d+ => '(.*)',?\$}m", (string) $failure, $problems);
    $results[$match[1]] = [] !== $problems[1] ? array_map(static fn (string $p): string => str_replace("\\'", "'", $p), $problems[1]) : [strtok(trim((string) $failure), "\n") ?: 'error'];
}

$cell = static fn (string $text): string => str_replace(['|', "\n"], ['\|', ' '], $text);
$rows = ['| # | case | command | what is done | expected | finding | result |', '|---|---|---|---|---|---|---|'];
$passed = $failed = 0;
$failedItems = [];
$number = 0;
foreach (FaultCases::all() as $id => $case) {
    if (!array_key_exists($id, $results)) {
        continue;
    }
    $problems = $results[$id];
    if (null === $problems) {
        ++$passed;
        $result = 'pass';
    } else {
        ++$failed;
        $result = 'FAIL: '.implode('; ', $problems);
        if (null !== $case->item) {
            $failedItems[$case->item] = true;
        }
    }
    $rows[] = sprintf('| %d | `%s` | %s | %s | %s | %s | %s |', ++$number, $id, $case->command, $cell($case->does), $cell($case->expect->describe()), $case->item ?? '', $cell($result));
}
ksort($failedItems);
$table = implode("\n", $rows)."\n\n".sprintf('**%d passed, %d failed** (%d cases, %.0f s, %s).', $passed, $failed, $passed + $failed, $seconds, gmdate('Y-m-d'))
    .([] === $failedItems ? '' : ' Failing cases prove open findings: '.implode(', ', array_keys($failedItems)).'.')."\n";

echo "\n", $table;

if (null !== $write) {
    $document = (string) @file_get_contents($write);
    $begin = '<!-- fault-table -->';
    $end = '<!-- /fault-table -->';
    $from = strpos($document, $begin);
    $to = strpos($document, $end);
    if (false === $from || false === $to) {
        fwrite(STDERR, "$write has no $begin ... $end markers: not written.\n");
        exit(3);
    }
    $document = substr($document, 0, $from + strlen($begin))."\n".$table.substr($document, $to);
    $temporary = $write.'.tmp';
    file_put_contents($temporary, $document);
    rename($temporary, $write);
    fwrite(STDERR, "Wrote the table into $write.\n");
}

exit(0 === $failed && 0 === $phpunitExit ? 0 : 1);
