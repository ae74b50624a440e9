<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Hook;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/**
 * What Preheat writes and proposes to run on files: the fixes it prints never change a file other than the
 * one they name (links), what it writes has its own mode whatever the umask, and what it makes while it runs
 * is gone after an interrupt.
 */
final class FileSafetyCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $record = static fn (Sandbox $s, string ...$more): Run => new Run(['record', '--project='.$s->smallProject(), '--install', '--pool-user=www-data', ...$more]);

        return [
            new FaultCase('record-store-link-to-root-file', 'record', 'the store is a symbolic link (planted by the pool\'s user) to a file only root may read', static function (Sandbox $s) use ($record): Run {
                $secret = $s->write($s->root.'/secret', "root only\n", 0600);
                symlink($secret, $s->project.'/preheat-usage.log');

                return $record($s);
            }, new Expect([1], '{preheat-usage\.log is a symbolic link}', '{fix: (touch .*)?chown}', unchanged: ['preheat-usage.log'], creates: ['preheat-recorder.php']), '28.3'),
            new FaultCase('record-store-hard-link-to-root-file', 'record', 'the store is a second hard link to a file only root may read', static function (Sandbox $s) use ($record): Run {
                $secret = $s->write($s->root.'/secret', "root only\n", 0600);
                link($secret, $s->project.'/preheat-usage.log');

                return $record($s);
            }, new Expect([1], '{preheat-usage\.log has 2 hard links}', '{fix: (touch .*)?chown}', unchanged: ['preheat-usage.log'], creates: ['preheat-recorder.php']), '28.3'),
            new FaultCase('record-buffer-dir-planted-link', 'record', '--buffer-dir others can write, holding a link preheat-recorder (where a fix would make its own) to a directory of root', static function (Sandbox $s) use ($record): Run {
                mkdir($s->root.'/rootonly', 0700);
                mkdir($s->root.'/shared', 0777);
                chmod($s->root.'/shared', 0777);
                symlink($s->root.'/rootonly', $s->root.'/shared/preheat-recorder');

                return $record($s, '--buffer-dir='.$s->root.'/shared');
            }, new Expect([1], '{buffer directory}', '{install -d[^\n]*preheat-recorder|chown[^\n]*shared}', creates: ['preheat-recorder.php']), '28.3'),
            new FaultCase('generate-umask-zero', 'generate', 'generate under umask 0 (Symfony\'s runtime with APP_DEBUG) over a preload.php of mode 0666', static function (Sandbox $s): Run {
                $s->smallProject();
                $s->write('preload.php', "<?php // an earlier script\n", 0666);

                return new Run(['generate', '--project='.$s->project], self::umaskZero($s));
            }, new Expect([0], after: self::modes(['preload.php' => 0644], private: true), afterSays: 'preload.php is 0644 and the caches 0600 or tighter'), '28.4'),
            new FaultCase('verify-script-writable-by-others', 'verify', 'the script is mode 0666 and a file it preloads 0664', static function (Sandbox $s): Run {
                $s->smallProject();
                chmod($s->project.'/src/Thing.php', 0664);

                return new Run(['verify', $s->write('preload.php', self::preloading(), 0666)]);
            }, new Expect([0], '{preload script \S*preload\.php \(owner [^)]*mode 0666\).*Thing\.php \(owner [^)]*mode 0664\) can be written by}s'), '28.4'),
            new FaultCase('doctor-script-writable-by-others', 'doctor', 'php-fpm\'s opcache.preload is a script of mode 0666', static function (Sandbox $s): Run {
                $s->smallProject();
                $script = $s->write('preload.php', self::preloading(), 0666);
                $ini = $s->write($s->root.'/php.ini', (string) file_get_contents(Sandbox::FPM_INI)."\nopcache.enable=1\nopcache.preload=".$script."\n");

                return new Run(['doctor', '--project='.$s->project, '--ini='.$ini, '--pool='.$s->pool()]);
            }, new Expect([4], '{Others can write the preload script}'), '28.4'),
            new FaultCase('status-script-writable-by-others', 'status', 'a file the script preloads is mode 0666 (asked through the status probe at a URL)', static function (Sandbox $s): Run {
                $s->smallProject();
                chmod($s->project.'/src/Thing.php', 0666);
                $s->write($s->root.'/probe.php', \Preheat\Php\OpcacheStatus::probeCode());

                return new Run(['status', $s->write('preload.php', self::preloading()), '--url=http://127.0.0.1:'.$s->webServer().'/probe.php']);
            }, new Expect([1], '{Thing\.php \(owner [^)]*mode 0666\) can be written by}'), '28.4'),
            new FaultCase('verify-sigint-reading-fpm-config', 'verify', 'SIGINT while `php-fpm -tt` reads php-fpm\'s configuration (made to stall there)', static function (Sandbox $s): Run {
                $php = self::stallingFpmCheck($s);

                return new Run(['verify', $s->write('preload.php', "<?php\n"), '--php='.$php, '--ini='.Sandbox::FPM_INI], [], [Hook::signalOnFile($s->root.'/fpm-checking', \SIGINT)]);
            }, new Expect([130], unchanged: ['preload.php']), '28.13'),
            new FaultCase('generate-sigterm-reading-fpm-config', 'generate', 'SIGTERM while `php-fpm -tt` reads php-fpm\'s configuration (made to stall there)', static function (Sandbox $s): Run {
                $s->smallProject();
                $s->write('preload.php', "<?php // the preload script production runs\n");
                $php = self::stallingFpmCheck($s);

                return new Run(['generate', '--project='.$s->project, '--php='.$php, '--ini='.Sandbox::FPM_INI], [], [Hook::signalOnFile($s->root.'/fpm-checking', \SIGTERM)]);
            }, new Expect([143], unchanged: ['preload.php']), '28.13'),
            new FaultCase('generate-sigint-without-pcntl', 'generate', 'SIGINT while the script is verified, PHP\'s pcntl functions disabled (no signal can be caught)', static function (Sandbox $s): Run {
                $s->smallProject();
                $s->write('preload.php', "<?php // the preload script production runs\n");
                $php = $s->stallingPhp($s->root.'/stalled');

                return new Run(['generate', '--project='.$s->project, '--php='.$php, '--ini='.Sandbox::FPM_INI], self::withoutPcntl($s, 'pcntl_signal,pcntl_async_signals,pcntl_sigprocmask'), [Hook::signalOnFile($s->root.'/stalled', \SIGINT)]);
            }, new Expect([130], notOutput: '{removed every temporary file}', unchanged: ['preload.php']), '28.13'),
            new FaultCase('verify-without-pcntl-signal', 'verify', 'verify with pcntl_signal() alone disabled (the other pcntl functions there)', static fn (Sandbox $s): Run => new Run(['verify', $s->write('preload.php', "<?php\n")], self::withoutPcntl($s, 'pcntl_signal')), new Expect([0], '{Preloaded}', '{Error|undefined function}i'), '28.13'),
            new FaultCase('record-pool-prepends-already', 'record', 'the php-fpm pool sets php_admin_value[auto_prepend_file] to the app\'s own prepend already', static function (Sandbox $s) use ($record): Run {
                $prepend = $s->write('prepend.php', "<?php\n// the app's own prepend\n");
                $s->write($s->root.'/fpm/php-fpm.conf', "[global]\npid = ".$s->root."/fpm/fpm.pid\ninclude = ".$s->root."/fpm/pool.d/*.conf\n");
                $s->write($s->root.'/fpm/pool.d/www.conf', "[www]\nuser = www-data\nlisten = 127.0.0.1:9000\npm = static\npm.max_children = 2\nphp_admin_value[auto_prepend_file] = \"".$prepend."\"\n");

                return $record($s, '--fpm-config='.$s->root.'/fpm/php-fpm.conf');
            }, new Expect([0, 1], '{pool \[www\] sets php_admin_value\[auto_prepend_file\] = \S*prepend\.php.*top of that file.*require \'[^\']*preheat-recorder\.php\';}s', '{^\s*(php_admin_value\[auto_prepend_file\]|auto_prepend_file) ?= ?\S*preheat-recorder}m', unchanged: ['prepend.php'], creates: ['preheat-recorder.php']), '28.16'),
            new FaultCase('record-ini-prepends-already', 'record', 'php-fpm\'s php.ini sets auto_prepend_file to the app\'s own prepend already', static function (Sandbox $s) use ($record): Run {
                $prepend = $s->write('prepend.php', "<?php\n// the app's own prepend\n");
                $s->write($s->root.'/fpm/php-fpm.conf', "[global]\npid = ".$s->root."/fpm/fpm.pid\n[www]\nuser = www-data\nlisten = 127.0.0.1:9000\npm = static\npm.max_children = 2\n");
                $s->write($s->root.'/fpm/php.ini', "[PHP]\nmemory_limit = 128M\nauto_prepend_file = \"".$prepend."\"\n");

                return $record($s, '--fpm-config='.$s->root.'/fpm/php-fpm.conf');
            }, new Expect([0, 1], '{php\.ini sets auto_prepend_file = \S*prepend\.php.*top of that file.*require \'[^\']*preheat-recorder\.php\';}s', '{^\s*(php_admin_value\[auto_prepend_file\]|auto_prepend_file) ?= ?\S*preheat-recorder}m', unchanged: ['prepend.php'], creates: ['preheat-recorder.php']), '28.16'),
            new FaultCase('verify-private-tmpdir', 'verify', 'as root with a private 0700 TMPDIR (libpam-tmpdir), which the pool\'s user cannot enter', static function (Sandbox $s): Run {
                chmod($s->tmp, 0700);

                return new Run(['verify', $s->write('preload.php', "<?php\n"), '--ini='.Sandbox::FPM_INI]);
            }, new Expect([3], '{www-data .*may not enter \S*/tmp .*TMPDIR}s', '{failed verification}'), '28.12'),
            new FaultCase('generate-private-tmpdir', 'generate', 'as root with a private 0700 TMPDIR (libpam-tmpdir), which the pool\'s user cannot enter', static function (Sandbox $s): Run {
                chmod($s->tmp, 0700);
                $s->smallProject();
                $s->write('preload.php', "<?php // the preload script production runs\n");

                return new Run(['generate', '--project='.$s->project, '--ini='.Sandbox::FPM_INI]);
            }, new Expect([3], '{www-data .*may not enter \S*/tmp .*TMPDIR}s', '{failed verification}', unchanged: ['preload.php']), '28.12'),
            new FaultCase('verify-under-open-basedir', 'verify', 'the PHP that runs Preheat sets open_basedir', static fn (Sandbox $s): Run => new Run(['verify', $s->write('preload.php', "<?php\n")], self::cliIni($s, 'open_basedir='.\dirname(__DIR__, 3).':'.$s->root)), new Expect([3], '{open_basedir}', '{cwd|does not exist|not an executable}'), '28.12'),
            new FaultCase('verify-without-proc-open', 'verify', 'the PHP that runs Preheat has proc_open in disable_functions', static fn (Sandbox $s): Run => new Run(['verify', $s->write('preload.php', "<?php\n")], self::cliIni($s, 'disable_functions=proc_open')), new Expect([3], '{proc_open.*disable_functions}'), '28.12'),
        ];
    }

    /**
     * The environment that runs Preheat with one more setting, from an ini added to PHP's own ini directory
     * (PHP_INI_SCAN_DIR with a leading ':').
     *
     * @return array<string, string>
     */
    private static function cliIni(Sandbox $s, string $line): array
    {
        $s->write($s->root.'/cli-ini/extra.ini', $line."\n");

        return ['PHP_INI_SCAN_DIR' => ':'.$s->root.'/cli-ini'];
    }

    /**
     * A PHP binary (the machine's, through a wrapper) whose php-fpm stalls when asked to check its
     * configuration (`php-fpm -tt`), after touching fpm-checking: what an interrupt there finds.
     */
    private static function stallingFpmCheck(Sandbox $s): string
    {
        $s->write($s->root.'/bin/php-fpm', "#!/bin/sh\ncase \"\$*\" in\n  *-tt*) touch ".escapeshellarg($s->root.'/fpm-checking')."; exec sleep 60 ;;\nesac\nexec ".Sandbox::FPM." \"\$@\"\n", 0755);

        return $s->write($s->root.'/bin/php', '#!/bin/sh'."\nexec ".escapeshellarg(\PHP_BINARY)." \"\$@\"\n", 0755);
    }

    /**
     * The environment that runs Preheat with some of PHP's pcntl functions in disable_functions, from an
     * ini added to PHP's own ini directory.
     *
     * @return array<string, string>
     */
    private static function withoutPcntl(Sandbox $s, string $functions): array
    {
        $s->write($s->root.'/nopcntl/no-pcntl.ini', 'disable_functions='.$functions."\n");

        return ['PHP_INI_SCAN_DIR' => ':'.$s->root.'/nopcntl'];
    }

    /** A preload script as generate writes its list (no manifest): the project's two classes. */
    private static function preloading(): string
    {
        return "<?php\n(static function (array \$files): void {\n    foreach (\$files as \$file) {\n        opcache_compile_file(\$file);\n    }\n})([\n    __DIR__.'/src/Base.php',\n    __DIR__.'/src/Thing.php',\n]);\n";
    }

    /**
     * The environment that runs Preheat with umask 0, as Symfony's runtime sets it under APP_DEBUG: an
     * auto_prepend_file, added to PHP's own ini directory (PHP_INI_SCAN_DIR with a leading ':').
     *
     * @return array<string, string>
     */
    private static function umaskZero(Sandbox $s): array
    {
        $prepend = $s->write($s->root.'/umask/umask-zero.php', "<?php\numask(0);\n");
        $s->write($s->root.'/umask/ini/umask-zero.ini', 'auto_prepend_file='.$prepend."\n");

        return ['PHP_INI_SCAN_DIR' => ':'.$s->root.'/umask/ini'];
    }

    /**
     * @param array<string, int> $expected project file => mode
     * @param bool               $private  every file of the parse cache must be the user's alone
     *
     * @return \Closure(Sandbox, \Preheat\Tests\Fault\Outcome): list<string>
     */
    private static function modes(array $expected, bool $private = false): \Closure
    {
        return static function (Sandbox $s) use ($expected, $private): array {
            clearstatcache();
            $wrong = [];
            foreach ($expected as $file => $mode) {
                $actual = @fileperms($s->project.'/'.$file);
                if (false === $actual || ($actual & 0o777) !== $mode) {
                    $wrong[] = \sprintf('%s is mode %s, not %04o', $file, false === $actual ? 'missing' : \sprintf('%04o', $actual & 0o777), $mode);
                }
            }
            if ($private) {
                foreach (\Preheat\Tests\Fault\Watch::files($s->cache, 6) as $file) {
                    if (is_file($file) && 0 !== (fileperms($file) & 0o077)) {
                        $wrong[] = \sprintf('the cache file %s is mode %04o', substr($file, \strlen($s->cache) + 1), fileperms($file) & 0o777);
                    }
                }
            }

            return $wrong;
        };
    }
}
