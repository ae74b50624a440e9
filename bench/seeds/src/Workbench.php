<?php

declare(strict_types=1);

namespace Preheat\Seeds;

use Preheat\Process\ProcessRunner;

/**
 * The seeds run's own temporary directory: the micro workloads' document root (a copy of apps/, and the
 * static files, generated here in files/, never committed), the SQLite database they read, a preload
 * script for them written by `preheat generate`, and one directory per server. Removed at the end.
 */
final class Workbench
{
    /** Static file sizes, as the event-driven server's doc lists them. */
    public const FILES = ['1kb' => 1024, '100kb' => 102400, '1mb' => 1048576, '10mb' => 10485760, '100mb' => 104857600];

    private int $servers = 0;

    /** The URL path of one of the generated files, served as a static file. */
    public static function filePath(string $file): string
    {
        return '/files/'.$file.'.bin';
    }

    private function __construct(public readonly string $directory)
    {
    }

    public static function create(string $apps): self
    {
        $directory = sys_get_temp_dir().'/preheat-seeds-'.bin2hex(random_bytes(4));
        foreach (['', '/docroot', '/docroot/lib', '/docroot/files', '/data', '/servers'] as $sub) {
            if (!mkdir($directory.$sub, 0755) && !is_dir($directory.$sub)) {
                throw new \RuntimeException('Cannot create '.$directory.$sub.': check the temp dir (TMPDIR).');
            }
            chmod($directory.$sub, 0755);
        }
        $workbench = new self($directory);
        foreach (['hello.php', 'classload.php', 'sqlite.php', 'file.php', 'lib/Greeting.php', 'lib/Shout.php'] as $file) {
            $workbench->copy($apps.'/'.$file, $directory.'/docroot/'.$file);
        }
        $workbench->database();
        $workbench->files();

        return $workbench;
    }

    public function documentRoot(): string
    {
        return $this->directory.'/docroot';
    }

    /** A new, empty directory for one server's configuration, sockets and logs. */
    public function serverDirectory(string $name): string
    {
        $path = \sprintf('%s/servers/%02d-%s', $this->directory, ++$this->servers, preg_replace('/[^a-z0-9]+/i', '-', $name));
        mkdir($path, 0755, true);

        return $path;
    }

    /**
     * A preload script for the class-load page's classes, written and verified by `preheat generate`.
     *
     * @throws \RuntimeException naming generate's output when it fails
     */
    public function preloadScript(ProcessRunner $runner, string $preheat): string
    {
        $script = $this->directory.'/preload.php';
        $result = $runner->run([\PHP_BINARY, $preheat, 'generate', '--project='.$this->documentRoot(), '--path='.$this->documentRoot().'/lib',
            '--output='.$script, '--no-cache'], null, 300);
        if (0 !== $result->exitCode || !is_file($script)) {
            throw new \RuntimeException("preheat generate failed for the class-load page:\n".$result->stdout.$result->stderr);
        }
        chmod($script, 0644);

        return $script;
    }

    public function remove(): void
    {
        if (!is_dir($this->directory)) {
            return;
        }
        $paths = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($this->directory, \FilesystemIterator::SKIP_DOTS), \RecursiveIteratorIterator::CHILD_FIRST);
        foreach ($paths as $path) {
            $path->isDir() && !$path->isLink() ? @rmdir($path->getPathname()) : @unlink($path->getPathname());
        }
        @rmdir($this->directory);
    }

    private function copy(string $from, string $to): void
    {
        if (!copy($from, $to)) {
            throw new \RuntimeException('Cannot copy '.$from.' to '.$to.'.');
        }
        chmod($to, 0644);
    }

    private function database(): void
    {
        $path = $this->directory.'/data/seeds.sqlite';
        $pdo = new \PDO('sqlite:'.$path, null, null, [\PDO::ATTR_ERRMODE => \PDO::ERRMODE_EXCEPTION]);
        $pdo->exec('CREATE TABLE posts (id INTEGER PRIMARY KEY, title TEXT NOT NULL, views INTEGER NOT NULL)');
        $insert = $pdo->prepare('INSERT INTO posts (id, title, views) VALUES (?, ?, ?)');
        $pdo->beginTransaction();
        for ($id = 1; $id <= 100; ++$id) {
            $insert->execute([$id, \sprintf('Post number %d about keeping PHP warm', $id), ($id * 7919) % 100000]);
        }
        $pdo->commit();
        chmod($path, 0644);
    }

    private function files(): void
    {
        $chunk = random_bytes(65536);
        foreach (self::FILES as $name => $size) {
            $path = $this->directory.'/docroot/files/'.$name.'.bin';
            $handle = fopen($path, 'w') ?: throw new \RuntimeException('Cannot write '.$path.'.');
            for ($written = 0; $written < $size; $written += \strlen($chunk)) {
                fwrite($handle, substr($chunk, 0, min(\strlen($chunk), $size - $written)));
            }
            fclose($handle);
            chmod($path, 0644);
        }
    }
}
