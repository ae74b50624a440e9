<?php

declare(strict_types=1);

/*
 * The measuring half of bench/fit-estimate.sh.
 *
 * Usage: php bench/fit-estimate.php "BUFFER_MB ..." NAME=TREE[,PROJECT] ...
 *   TREE     a directory of PHP code to generate for with --path (empty: the project's own)
 *   PROJECT  a Composer project to generate for (default: an empty work directory)
 */

require __DIR__.'/../vendor/autoload.php';

use Symfony\Component\Process\Process;

$buffers = array_map('intval', preg_split('/\s+/', trim($argv[1] ?? '3 4 6 8')) ?: []);
$trees = array_slice($argv, 2) ?: ['bench=/usr/share/php'];
$work = sys_get_temp_dir().'/preheat-fit-'.bin2hex(random_bytes(4));
mkdir($work, 0777, true);
$preheat = [\PHP_BINARY, __DIR__.'/../bin/preheat'];
$fpmIni = trim((string) shell_exec(\PHP_BINARY.' -r \'echo PHP_MAJOR_VERSION.".".PHP_MINOR_VERSION;\''));
$fpmIni = '/etc/php/'.$fpmIni.'/fpm/php.ini';
if (!is_file($fpmIni)) {
    fwrite(\STDERR, "No php-fpm ini at $fpmIni: install php-fpm (make deps).\n");
    exit(2);
}

$json = static function (array $command): array {
    $process = new Process($command, null, null, null, 900);
    $process->run();
    $decoded = json_decode($process->getOutput(), true);
    if (!is_array($decoded)) {
        fwrite(\STDERR, $process->getErrorOutput());
        exit(2);
    }

    return [$decoded, $process->getExitCode()];
};
$mb = static fn (int $bytes): string => sprintf('%.2f', $bytes / 1048576);
// The share of the second script's source bytes the first one keeps.
$sourceShare = static function (string $fitted, string $whole): float {
    $bytes = static fn (string $script): int => array_sum(array_map(
        static fn (string $file): int => (int) @filesize($file),
        Preheat\Script\Write\ScriptManifest::filesOf((string) file_get_contents($script), $script),
    ));

    return $bytes($fitted) / max(1, $bytes($whole));
};

$rows = [];
$failed = [];
try {
    foreach ($trees as $spec) {
        [$name, $where] = explode('=', $spec, 2) + [1 => ''];
        [$tree, $project] = explode(',', $where, 2) + [1 => ''];
        $project = '' === $project ? $work.'/'.$name : $project;
        @mkdir($project, 0777, true);
        foreach ($buffers as $buffer) {
            // The php-fpm ini with another interned-string buffer: everything else as php-fpm runs.
            $ini = $work."/php-$buffer.ini";
            $text = (string) file_get_contents($fpmIni);
            $text = preg_replace('/^;?\s*opcache\.interned_strings_buffer\s*=.*$/m', '', $text)
                ."\nopcache.interned_strings_buffer=$buffer\n";
            file_put_contents($ini, $text);
            $output = "$work/$name-$buffer.php";
            $generate = [
                ...$preheat,
                'generate',
                '--project='.$project,
                '--output='.$output,
                '--ini='.$ini,
                '--cache-dir='.$work.'/cache',
                '--format=json',
            ];
            if ('' !== $tree) {
                $generate[] = '--path='.$tree;
            }
            [$result] = $json($generate);
            $fit = $result['verification']['unbootedFit'] ?? null;
            $rounds = count($result['fitRounds'] ?? []);
            if (0 === $rounds) {
                $rows[] = [$name, $buffer, 'fits whole', '', '', '', '', '', ''];
                continue;
            }
            if (null === $fit) {
                // Booted: PHP measured the fitted plan; the whole plan's need, from a run that does not fit.
                $final = $result['verification']['internedStrings']['preloadBytes'] ?? null;
                [$whole] = $json([...$generate, '--no-fit', '--output='.$output.'.whole.php']);
                $wholeBytes = $whole['verification']['internedStrings']['preloadBytes'] ?? null;
                $kept = $sourceShare($output, $output.'.whole.php');
                $saving = null === $final || null === $wholeBytes || $kept >= 1
                    ? null
                    : ($wholeBytes - $final) / ($wholeBytes * (1 - $kept));
                $rows[] = [
                    $name,
                    $buffer,
                    sprintf('booted (%d round(s)): %d of %d files', $rounds, $result['plan']['summary']['includedFiles'], $whole['plan']['summary']['includedFiles']),
                    '',
                    null === $wholeBytes ? '?' : $mb($wholeBytes),
                    '',
                    null === $final ? '?' : $mb($final),
                    null === $saving ? '?' : sprintf('%.2f', $saving),
                    '',
                ];
                continue;
            }
            $script = (string) file_get_contents($output);
            $verify = new Process([...$preheat, 'verify', $output, '--ini='.$ini, '--strict'], null, null, null, 900);
            $verify->run();
            [$strict] = $json([...$generate, '--strict']);
            $measured = $strict['verification']['internedStrings']['preloadBytes'] ?? null;
            $same = $script === file_get_contents($output);
            foreach ($fit['limits'] as $limit) {
                $kept = $limit['expectedBytes'] / max(1, $limit['measuredBytes']);
                // Of what the average source byte would save, the share a dropped one saved.
                $saving = null === $measured || $kept >= 1
                    ? null
                    : ($limit['measuredBytes'] - $measured) / ($limit['measuredBytes'] * (1 - $kept));
                $ok = 0 === $verify->getExitCode() && $same
                    && (null === $measured || $measured <= $limit['atMostBytes']);
                if (!$ok) {
                    $failed[] = "$name at $buffer MB";
                }
                $rows[] = [
                    $name,
                    $buffer,
                    sprintf('%d of %d files', $fit['keptFiles'], $fit['bootedFiles']),
                    $mb($limit['roomBytes']),
                    $mb($limit['measuredBytes']),
                    $mb($limit['expectedBytes']).' / '.$mb($limit['atMostBytes']),
                    null === $measured ? '?' : $mb($measured),
                    null === $saving ? '?' : sprintf('%.2f', $saving),
                    $ok ? 'ok' : ('verify exit '.$verify->getExitCode().($same ? '' : ', --strict wrote another script')),
                ];
            }
        }
    }
} finally {
    (new Process(['rm', '-rf', $work]))->run();
}

echo "## Fits not booted again: the estimate against PHP's measurement (interned strings, MB)\n\n";
echo "| tree | buffer | kept | room | whole plan | expected / at most | measured | saving share | verify |\n";
echo "|---|---|---|---|---|---|---|---|---|\n";
foreach ($rows as $row) {
    echo '| '.implode(' | ', array_map('strval', $row))." |\n";
}
if ([] !== $failed) {
    fwrite(\STDERR, "\nA fit installed without a boot did not hold: ".implode(', ', $failed)."\n");
    exit(1);
}
