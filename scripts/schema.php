<?php

declare(strict_types=1);

/*
 * Writes resources/preheat.schema.json from the table of preheat.json's keys (Preheat\Config\ConfigKeys) and the
 * registries' names (runtimes, load tools, schedules, worker adapters, binaries), as `make schema` runs it.
 *
 *     php scripts/schema.php           write the schema
 *     php scripts/schema.php --check   only say whether the committed schema is the one it makes (exit 1 if not)
 */

use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Config\PreheatJsonSchema;
use Preheat\Console\Extension\Registries;
use Preheat\Util\AtomicFile;

$root = dirname(__DIR__);
require $root.'/vendor/autoload.php';

$check = false;
foreach (array_slice($argv, 1) as $argument) {
    if ('--check' !== $argument) {
        fwrite(STDERR, "Unknown argument {$argument}: use --check, or nothing to write the schema.\n");
        exit(2);
    }
    $check = true;
}
$file = $root.'/'.PreheatJsonSchema::FILE;
$registries = Registries::standard();
$loader = new BenchConfigLoader($registries->runtimes, $registries->tools, $registries->strategies);
$schema = $loader->schema()->json();
if ($check) {
    if (@file_get_contents($file) !== $schema) {
        fwrite(STDERR, PreheatJsonSchema::FILE." is not the schema ConfigKeys makes: run make schema.\n");
        exit(1);
    }
    echo PreheatJsonSchema::FILE." is up to date.\n";
    exit(0);
}
AtomicFile::write($file, $schema, 0644);
echo 'Wrote '.PreheatJsonSchema::FILE."\n";
