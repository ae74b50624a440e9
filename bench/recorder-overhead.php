<?php

declare(strict_types=1);

/*
 * What the usage recorder costs a request, measured in one process: the work a sampled request does
 * at shutdown (add its ~400 included files to the worker's counts, and every `batch` sampled requests
 * write a batch to the store), with sampling 1 and the default 1 in 10, with the per-worker counts in
 * a file and, when APCu is installed, in APCu. Reports the median over many repetitions of the mean
 * cost per request.
 *
 *   php bench/recorder-overhead.php [--files=400] [--repetitions=200] [--redis=redis://127.0.0.1:6379/0] [--cgi]
 *
 * --redis also measures flushing to that Redis (keys under the prefix preheat-bench:, deleted after).
 * --cgi also measures whole requests with `php-cgi -T` (one process serving many requests, as a
 * php-fpm worker does; OPcache on): a script that includes --files files, alone, then behind the
 * bootstrap `preheat record --install` writes, with sampling 1 in a million (what an unsampled request
 * costs) and the default 1 in 10, counts in a file and in APCu.
 */

use Preheat\Recorder\Recorder;
use Preheat\Usage\RecorderInstaller;

require __DIR__.'/../vendor/autoload.php';
require __DIR__.'/../recorder/preheat-recorder.php';

$options = getopt('', ['files::', 'repetitions::', 'redis::', 'cgi', 'apcu-only']);
$fileCount = max(1, (int) ($options['files'] ?? 400));
$repetitions = max(5, (int) ($options['repetitions'] ?? 200));
$redis = isset($options['redis']) && is_string($options['redis']) ? $options['redis'] : null;
$apcuOnly = isset($options['apcu-only']);
$apcuEnabled = function_exists('apcu_enabled') && apcu_enabled();

// A realistic list: what a Laravel request includes, give or take.
$files = ['/srv/app/public/index.php', '/srv/app/vendor/autoload.php', '/srv/app/vendor/composer/autoload_real.php', '/srv/app/vendor/composer/ClassLoader.php'];
for ($i = count($files); $i < $fileCount; ++$i) {
    $files[] = sprintf('/srv/app/vendor/%s/src/%s/Component%d/Concerns/SomethingRatherLong%d.php', ['laravel/framework', 'symfony/http-kernel', 'nesbot/carbon', 'monolog/monolog'][$i % 4], ['Illuminate', 'Symfony', 'Carbon', 'Monolog'][$i % 4], intdiv($i, 10), $i);
}

$work = sys_get_temp_dir().'/preheat-recorder-bench-'.bin2hex(random_bytes(4));
mkdir($work);

/**
 * Mean microseconds per request over $requests requests, median over the repetitions.
 *
 * @param array<string, mixed> $config
 * @param list<string>         $files
 *
 * @return array{float, float, float} median, min, max
 */
function measure(array $config, array $files, int $repetitions, int $requests): array
{
    $sample = (int) ($config['sample'] ?? 10);
    $now = time();
    $means = [];
    for ($r = 0; $r < $repetitions; ++$r) {
        $started = hrtime(true);
        for ($q = 0; $q < $requests; ++$q) {
            // What Recorder::start() decides, then what the shutdown function does for a sampled request.
            if ($sample > 1 && 1 !== random_int(1, $sample)) {
                continue;
            }
            Recorder::recordRequest($config, $files, $now);
        }
        $means[] = (hrtime(true) - $started) / 1e3 / $requests;
    }
    sort($means);

    return [$means[intdiv(count($means), 2)], $means[0], $means[count($means) - 1]];
}

/** @param array{float, float, float} $result */
function report(string $label, array $result): void
{
    printf("  %-58s %8.2f µs   (min %.2f, max %.2f)\n", $label, ...$result);
}

$modes = $apcuOnly ? ['apcu'] : ['file'];
if (!$apcuOnly && $apcuEnabled) {
    $modes[] = 'apcu';
}
if (!$apcuOnly) {
    printf("Recorder overhead per request, %d included files, PHP %s, median of %d repetitions (mean per request)\n", count($files), PHP_VERSION, $repetitions);
}
foreach ($modes as $mode) {
    foreach ([1, 10] as $sample) {
        $store = $work."/usage-$mode-$sample.log";
        $config = ['store' => $store, 'sample' => $sample, 'batch' => 50, 'flushSeconds' => 3600, 'buffer' => $mode, 'bufferDir' => $work];
        report(sprintf('sample=%-2d counts in %-4s, batch=50 to a file', $sample, 'file' === $mode ? 'file' : 'APCu'), measure($config, $files, $repetitions, 1 === $sample ? 100 : 1000));
        @unlink($store);
    }
    if (null !== $redis) {
        $config = ['store' => $redis.(str_contains($redis, '?') ? '&' : '?').'prefix=preheat-bench:', 'sample' => 1, 'batch' => 50, 'flushSeconds' => 3600, 'buffer' => $mode, 'bufferDir' => $work];
        report(sprintf('sample=1  counts in %-4s, batch=50 to Redis', 'file' === $mode ? 'file' : 'APCu'), measure($config, $files, max(5, intdiv($repetitions, 2)), 100));
        $client = Preheat\Recorder\RespClient::open(Preheat\Recorder\StoreDsn::normalize($config['store']));
        $client->pipeline([['DEL', ...array_map(static fn (string $key): string => 'preheat-bench:'.$key, ['files', 'requests', 'batches', 'dropped', 'window', 'servers', 'version'])]]);
        $client->close();
    }
}

if (!$apcuOnly) {
    // Only the sampled part, and a flush alone.
    $config = ['store' => $work.'/flush.log', 'sample' => 1, 'batch' => 1, 'flushSeconds' => 3600, 'buffer' => 'file', 'bufferDir' => $work];
    report('one sampled request that also writes its batch (file)', measure($config, $files, $repetitions, 20));
    $started = hrtime(true);
    for ($i = 0; $i < 100000; ++$i) {
        Recorder::start(['sample' => 1000000000, 'store' => 'unused']);
    }
    printf("  %-58s %8.3f µs\n", 'an unsampled request: Recorder::start() (the file loaded)', (hrtime(true) - $started) / 1e3 / 100000);
}

if (!$apcuOnly && !$apcuEnabled && extension_loaded('apcu')) {
    passthru(escapeshellarg(PHP_BINARY).' -d apc.enable_cli=1 '.escapeshellarg(__FILE__).' --apcu-only --files='.count($files).' --repetitions='.$repetitions.(null === $redis ? '' : ' --redis='.escapeshellarg($redis)));
} elseif (!$apcuOnly && !extension_loaded('apcu')) {
    echo "  (APCu is not installed: apt-get install php8.2-apcu to measure counts kept in APCu)\n";
}

if (isset($options['cgi'])) {
    $cgi = trim((string) shell_exec('command -v php-cgi8.2 || command -v php-cgi'));
    if ('' === $cgi) {
        echo "  (--cgi: php-cgi is not installed)\n";
    } else {
        // A script that includes $fileCount small files, as a request would; OPcache on, as in production.
        mkdir($work.'/app');
        $script = "<?php\n";
        for ($i = 0; $i < $fileCount; ++$i) {
            file_put_contents($work."/app/f$i.php", "<?php\nfunction f$i() { return $i; }\n");
            $script .= "require __DIR__.'/f$i.php';\n";
        }
        file_put_contents($work.'/app/index.php', $script."echo 'ok';\n");
        $installer = new RecorderInstaller();
        $bootstrap = static function (int $sample, string $buffer) use ($work, $installer): string {
            $settings = $installer->settings($work, "bootstrap-$sample-$buffer.php", "cgi-$sample-$buffer.log", $sample, 50, 60, []);
            $installer->install($settings);
            $code = (string) file_get_contents($settings->bootstrapPath);
            file_put_contents($settings->bootstrapPath, str_replace("'exclude' => [__FILE__],", "'exclude' => [__FILE__], 'buffer' => '$buffer', 'bufferDir' => ".var_export($work, true).',', $code));

            return $settings->bootstrapPath;
        };
        $apcuInCgi = str_contains((string) shell_exec(escapeshellarg($cgi).' -m'), 'apcu');
        $run = static function (?string $prepend) use ($cgi, $work): float {
            $requests = 20000;
            $command = escapeshellarg($cgi).' -d opcache.enable=1 -d opcache.validate_timestamps=0'
                .(null === $prepend ? '' : ' -d auto_prepend_file='.escapeshellarg($prepend))
                .' -q -T '.$requests.' '.escapeshellarg($work.'/app/index.php').' > /dev/null 2>&1';
            $started = hrtime(true);
            exec($command);

            return (hrtime(true) - $started) / 1e3 / $requests;
        };
        $cases = [
            'no recorder' => null,
            'bootstrap, sample=1000000 (unsampled requests)' => $bootstrap(1000000, 'file'),
            'bootstrap, sample=10, counts in a file' => $bootstrap(10, 'file'),
        ];
        if ($apcuInCgi) {
            $cases['bootstrap, sample=10, counts in APCu'] = $bootstrap(10, 'apcu');
        }
        $times = array_fill_keys(array_keys($cases), []);
        for ($round = 0; $round < 9; ++$round) {
            foreach ($cases as $label => $prepend) {
                $times[$label][] = $run($prepend);
            }
        }
        echo "Whole requests with php-cgi -T 20000 ($fileCount included files, OPcache on), median of 9 interleaved rounds:\n";
        $baseline = null;
        foreach ($times as $label => $values) {
            sort($values);
            $median = $values[4];
            $baseline ??= $median;
            printf("  %-58s %8.2f µs per request (%+.2f µs)\n", $label, $median, $median - $baseline);
        }
    }
}

foreach (glob($work.'/{,app/}*', \GLOB_BRACE) ?: [] as $file) {
    is_file($file) && unlink($file);
}
@rmdir($work.'/app');
@rmdir($work);
