<?php

declare(strict_types=1);

/*
 * Builds build/preheat.phar: Preheat and its runtime dependencies in one file, run as
 *     php preheat.phar COMMAND ...
 * from any directory, with or without Composer, next to an app whose own packages are other versions.
 *
 *     php -d phar.readonly=0 scripts/build-phar.php [OUTPUT]      (what `make phar` runs)
 *
 * Only the packages Preheat needs at runtime go in: those of vendor/composer/installed.json that are not
 * dev packages, copied into a temporary tree whose class loader `composer dump-autoload --no-dev
 * --classmap-authoritative` writes from them (offline: no package is downloaded). In that copy the libraries
 * the worker runtime loads into the app's process move under Preheat\Vendor\ (MOVED_NAMESPACES). Each file
 * is gzip-compressed when zlib is there.
 */

$root = dirname(__DIR__);
$output = $argv[1] ?? $root.'/build/preheat.phar';

/**
 * The first segments of the namespaces moved under Preheat\Vendor\: every library the worker runtime loads into
 * the app's process (WorkerLauncher::LIBRARIES), so that the app's own copies, at any version, stay the app's.
 */
const MOVED_NAMESPACES = ['React', 'Evenement'];

function fail(string $message): never
{
    fwrite(STDERR, 'build-phar: '.$message."\n");
    exit(1);
}

if (!class_exists(Phar::class)) {
    fail("PHP's Phar extension is not loaded: install or enable it (Debian: it is part of php8.2-cli).");
}
if (Phar::canWrite() === false) {
    fail('phar.readonly is on: run php -d phar.readonly=0 scripts/build-phar.php (make phar does).');
}
$installedFile = $root.'/vendor/composer/installed.json';
$installed = json_decode((string) @file_get_contents($installedFile), true);
if (!is_array($installed) || !is_array($installed['packages'] ?? null)) {
    fail($installedFile.' is missing or unreadable: run `composer install` first.');
}
$composer = trim((string) shell_exec('command -v composer'));
if ('' === $composer) {
    fail('Composer is needed to write the PHAR\'s class loader: install it (Debian: composer).');
}

$work = sys_get_temp_dir().'/preheat-phar-'.getmypid().'-'.bin2hex(random_bytes(4));
register_shutdown_function(static function () use ($work): void {
    if (is_dir($work)) {
        exec('rm -rf '.escapeshellarg($work));
    }
});

/** Copies a file or a tree, keeping its relative layout. */
function copyTree(string $from, string $to): void
{
    if (is_file($from)) {
        @mkdir(dirname($to), 0o755, true);
        copy($from, $to) || fail('cannot copy '.$from);

        return;
    }
    $items = new RecursiveIteratorIterator(
        new RecursiveDirectoryIterator($from, FilesystemIterator::SKIP_DOTS),
        RecursiveIteratorIterator::SELF_FIRST,
    );
    @mkdir($to, 0o755, true);
    foreach ($items as $item) {
        $target = $to.substr($item->getPathname(), strlen($from));
        if ($item->isDir()) {
            @mkdir($target, 0o755, true);
        } else {
            copy($item->getPathname(), $target) || fail('cannot copy '.$item->getPathname());
        }
    }
}

$dev = array_flip(is_array($installed['dev-package-names'] ?? null) ? $installed['dev-package-names'] : []);
$runtime = array_values(array_filter(
    $installed['packages'],
    static fn (array $package): bool => !isset($dev[$package['name']]),
));
foreach (['bin/preheat', 'src', 'recorder', 'composer.json', 'README.md'] as $path) {
    copyTree($root.'/'.$path, $work.'/'.$path);
}
foreach ($runtime as $package) {
    $path = $root.'/vendor/composer/'.($package['install-path'] ?? '../'.$package['name']);
    $real = realpath($path);
    if (false === $real) {
        fail(sprintf('%s is not installed at %s: run `composer install` first.', $package['name'], $path));
    }
    copyTree($real, $work.'/vendor/'.$package['name']);
}
// The worker runtime's libraries move under Preheat's namespace in this copy (scripts/phar/NamespacePrefixer.php
// says why): their files, every file naming them, and the namespaces their packages map for the class loader.
require $root.'/vendor/autoload.php';
require __DIR__.'/phar/NamespacePrefixer.php';
$prefixer = new Preheat\Build\NamespacePrefixer('Preheat\\Vendor', MOVED_NAMESPACES);
$moved = 0;
foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($work, FilesystemIterator::SKIP_DOTS)) as $file) {
    $path = $file->getPathname();
    if (!str_ends_with($path, '.php') && $path !== $work.'/bin/preheat') {
        continue;
    }
    $code = (string) file_get_contents($path);
    try {
        $prefixed = $prefixer->prefix($code);
    } catch (PhpParser\Error $error) {
        fail('cannot parse '.substr($path, strlen($work) + 1).' to prefix it: '.$error->getMessage());
    }
    if ($prefixed !== $code) {
        file_put_contents($path, $prefixed);
        ++$moved;
    }
}
foreach ($runtime as $index => $package) {
    foreach (['psr-4', 'psr-0'] as $kind) {
        if (is_array($package['autoload'][$kind] ?? null)) {
            $map = [];
            foreach ($package['autoload'][$kind] as $namespace => $paths) {
                $map[$prefixer->composerPrefix((string) $namespace)] = $paths;
            }
            $runtime[$index]['autoload'][$kind] = $map;
        }
    }
}

// The class loader is written from this list alone: dev packages are neither copied nor named.
$local = ['packages' => $runtime, 'dev' => false, 'dev-package-names' => []];
@mkdir($work.'/vendor/composer', 0o755, true);
$json = json_encode($local, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES);
file_put_contents($work.'/vendor/composer/installed.json', $json);
$manifest = json_decode((string) file_get_contents($work.'/composer.json'), true);
unset($manifest['autoload-dev'], $manifest['require-dev'], $manifest['scripts']);
file_put_contents($work.'/composer.json', json_encode($manifest, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));

$dump = sprintf(
    'cd %s && COMPOSER_NO_INTERACTION=1 %s %s dump-autoload '
    .'--no-dev --classmap-authoritative --no-scripts --quiet 2>&1',
    escapeshellarg($work),
    escapeshellarg(PHP_BINARY),
    escapeshellarg($composer),
);
exec($dump, $lines, $status);
if (0 !== $status) {
    fail("composer dump-autoload failed:\n".implode("\n", $lines));
}

// The class map names Composer\InstalledVersions, which dump-autoload does not write: Composer's own
// copy, and what it reads (installed.php) without the dev packages.
if (!is_file($work.'/vendor/composer/InstalledVersions.php') && is_file($root.'/vendor/composer/installed.php')) {
    copy($root.'/vendor/composer/InstalledVersions.php', $work.'/vendor/composer/InstalledVersions.php');
    $versions = require $root.'/vendor/composer/installed.php';
    $versions['root']['dev'] = false;
    $versions['versions'] = array_diff_key($versions['versions'], $dev);
    file_put_contents($work.'/vendor/composer/installed.php', '<?php return '.var_export($versions, true).";\n");
}

@mkdir(dirname($output), 0o755, true);
$temporary = $output.'.'.getmypid().'.tmp.phar';
@unlink($temporary);
$phar = new Phar($temporary, 0, 'preheat.phar');
$phar->startBuffering();
$files = new RecursiveIteratorIterator(new RecursiveDirectoryIterator($work, FilesystemIterator::SKIP_DOTS));
$entries = [];
foreach ($files as $file) {
    $relative = substr($file->getPathname(), strlen($work) + 1);
    // Packages' own tests, docs and tooling are not needed at runtime.
    if (1 === preg_match('~^vendor/[^/]+/[^/]+/(tests?|docs?|\.github)/~i', $relative)) {
        continue;
    }
    $entries[$relative] = $file->getPathname();
}
// One call for all files: adding them one by one rewrites the archive each time.
$phar->buildFromIterator(new ArrayIterator($entries));
$count = count($entries);
// Paths inside are phar:///abs/preheat.phar/... (never the alias), so that __DIR__ names this file.
$phar->setStub(<<<'PHP'
    #!/usr/bin/env php
    <?php

    declare(strict_types=1);

    // Preheat in one file: `php preheat.phar --help`. Built by scripts/build-phar.php.
    if (!class_exists(Phar::class) || !extension_loaded('zlib')) {
        fwrite(STDERR, "preheat.phar: PHP's Phar and zlib extensions are needed to run it.\n");
        exit(3);
    }
    // Installed without its .phar extension (`install -m 755 preheat.phar /usr/local/bin/preheat`), phar:// opens
    // the file only once it is loaded as a PHAR.
    Phar::loadPhar(__FILE__);
    require 'phar://'.__FILE__.'/vendor/autoload.php';
    exit((new Preheat\Console\Application())->run());
    __HALT_COMPILER();
    PHP);
if (extension_loaded('zlib')) {
    $phar->compressFiles(Phar::GZ);
}
$phar->stopBuffering();
unset($phar);
chmod($temporary, 0o755);
rename($temporary, $output) || fail('cannot write '.$output);
printf(
    "Wrote %s (%d files, %.1f MB; %s moved under Preheat\\Vendor\\ in %d files)\n",
    $output,
    $count,
    filesize($output) / 1e6,
    implode(', ', MOVED_NAMESPACES),
    $moved,
);
