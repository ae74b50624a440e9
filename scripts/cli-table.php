<?php

declare(strict_types=1);

/*
 * Prints the table of every command's options by idea (project, pool user, usage store, format, verbosity, page vs
 * URL), before → after: "after" read from the application itself, "before" from an earlier version's
 * `preheat list --format=json` (by default the one before one name per idea, kept in the tests' fixtures).
 *
 *     php scripts/cli-table.php                              print the table
 *     php scripts/cli-table.php --before=old-list.json       against another version
 *     php scripts/cli-table.php --write=doc/commands.md      also put it into that file, between its markers
 */

use Preheat\Console\Application;
use Preheat\Tests\Support\CliGrammar;

$root = dirname(__DIR__);
require $root.'/vendor/autoload.php';

$before = CliGrammar::BEFORE_FIXTURE;
$write = null;
foreach (array_slice($argv, 1) as $argument) {
    if (str_starts_with($argument, '--before=')) {
        $before = substr($argument, 9);
    } elseif (str_starts_with($argument, '--write=')) {
        $write = substr($argument, 8);
    } else {
        fwrite(STDERR, "Unknown argument {$argument}: use --before=FILE or --write=FILE.\n");
        exit(2);
    }
}
$json = @file_get_contents($before);
if (false === $json) {
    fwrite(STDERR, "Cannot read {$before}: give the JSON `preheat list --format=json` printed.\n");
    exit(2);
}
$table = CliGrammar::table(CliGrammar::ofListJson($json), CliGrammar::ofApplication(new Application()));
echo $table;

if (null !== $write) {
    $text = (string) file_get_contents($write);
    $start = '<!-- cli-table: start -->';
    $end = '<!-- cli-table: end -->';
    $from = strpos($text, $start);
    $to = strpos($text, $end);
    if (false === $from || false === $to) {
        fwrite(STDERR, "{$write} has no {$start} ... {$end} markers.\n");
        exit(2);
    }
    file_put_contents($write, substr($text, 0, $from + strlen($start))."\n".$table.substr($text, $to));
}
