<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Php\PhpInstallation;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Util\FileHashes;
use Preheat\Version;

/**
 * What a verification depends on wherever the project is: ReuseKey's inputs with the project root left out, and
 * every file known by its bytes (xxh128) instead of its stat. A deploy that copies the same files to a new
 * release directory (new inodes, new mtimes) has the last release's ReleaseKey, and boots PHP to learn what
 * the last boot already said only when a file, an option, the PHP or its ini differs.
 *
 * The root is left out as a run of NUL bytes of its length, which no path or option holds: two runs have the
 * same key only when one's inputs are the other's with one root put for the other. Of the same length only: the
 * preload keeps every path as an interned string, so a longer root takes more of OPcache's buffers than the last
 * boot measured (and a capacity fit may keep fewer files).
 */
final class ReleaseKey
{
    /** Bump when what the key covers changes. */
    private const FORMAT = 1;

    /**
     * @param list<string> $files      the scanned files (candidates for preloading)
     * @param list<string> $context    the context files (checked for duplicate declarations)
     * @param string       $options    every option of the run that may change the plan or its verification
     * @param string       $outputPath where the script is written
     * @param string|null  $vendorDir  the vendor directory the plan was made with
     */
    public static function of(
        string $projectRoot,
        array $files,
        array $context,
        string $options,
        PhpInstallation $php,
        string $outputPath,
        ?string $vendorDir = null,
    ): string {
        $portable = self::portable($projectRoot);
        $hash = hash_init('sha256');
        hash_update($hash, \sprintf(
            "preheat %s release %d record %d\n",
            Version::VERSION,
            self::FORMAT,
            ReuseKey::RECORD_FORMAT,
        ));
        hash_update($hash, 'root '.\strlen($projectRoot)."\n");
        hash_update($hash, 'output '.$portable($outputPath)."\n");
        hash_update($hash, 'options '.hash('sha256', $portable($options))."\n");
        hash_update($hash, 'php '.hash('sha256', $portable(ReuseKey::phpDescription($php)))."\n");
        hash_update($hash, 'allocator '.serialize(VerifyOptions::SYSTEM_ALLOCATOR_ENVIRONMENT)."\n");
        hash_update($hash, 'vendor '.(null === $vendorDir ? '-' : $portable($vendorDir))."\n");
        foreach (ReuseKey::COMPOSER_FILES as $file) {
            hash_update($hash, 'composer '.$portable(self::byContent($projectRoot.'/'.$file))."\n");
        }
        foreach (null === $vendorDir ? [] : ReuseKey::VENDOR_FILES as $file) {
            hash_update($hash, 'vendor '.$portable(self::byContent($vendorDir.'/'.$file))."\n");
        }
        // The script is not part of what it was planned from (see ReuseKey).
        foreach (['tree' => $files, 'context' => $context] as $kind => $paths) {
            hash_update($hash, $kind.' '.\count($paths)."\n");
            foreach ($paths as $path) {
                if ($path !== $outputPath) {
                    hash_update($hash, $portable(self::byContent($path))."\n");
                }
            }
        }

        return hash_final($hash);
    }

    /**
     * The project root left out of $text: each occurrence replaced by as many NUL bytes (the length of a
     * serialized string it is part of stays true).
     *
     * @return \Closure(string): string
     */
    public static function portable(string $projectRoot): \Closure
    {
        $marker = str_repeat("\0", \strlen($projectRoot));

        return static fn (string $text): string => '' === $projectRoot
            ? $text
            : str_replace($projectRoot, $marker, $text);
    }

    /**
     * A file by path, size, mode, owner and the xxh128 of its bytes (hashed as it is read: a file of any size
     * costs no memory); "missing" or "unreadable" when it cannot be read.
     */
    private static function byContent(string $path): string
    {
        clearstatcache(true, $path);
        $stat = @stat($path);
        if (false === $stat) {
            return $path.' missing';
        }
        // Remembered by the file's stat for the rest of the run: the script's manifest hashes the same files.
        $hash = FileHashes::xxh128($path, $stat);

        return \sprintf(
            '%s %d %d %d %d %s',
            $path,
            $stat['size'],
            $stat['mode'],
            $stat['uid'],
            $stat['gid'],
            null === $hash ? 'unreadable' : $hash,
        );
    }
}
