<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Php\PhpInstallation;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Version;

/**
 * What a verified script's verification depends on, as one hash: the scanned tree (every file and context
 * file by path, size, mtime, ctime and inode, but the script itself; the files Composer dumps by content) and
 * the project's Composer files, the run's options, and the PHP that verified it (its binaries, every ini
 * file it reads, the scan directory's included, and the settings and user it was found with). A later
 * `generate` whose key is the same, and whose script comes out byte for byte as the one on disk, would boot
 * PHP to learn what the last boot already said.
 * Reusing a verification wrongly is worse than booting again: when in doubt, an input belongs here.
 */
final class ReuseKey
{
    /**
     * The shape of a ReuseRecord (and the report it holds): a record of another shape is another key, not an
     * object with a property missing. 2: VerificationReport::$unbootedFit. 3: VerificationReport::$startupCpuSeconds.
     * 4: VerificationReport's figures grouped into BootOutcome, PreloadFigures and StartupTime.
     */
    public const RECORD_FORMAT = 4;

    /** Files of the project besides the scanned ones that decide what is planned. */
    public const COMPOSER_FILES = [
        'composer.json',
        'composer.lock',
        'vendor/composer/installed.json',
        'vendor/composer/installed.php',
    ];

    /**
     * Files of the vendor directory the plan was made with that decide it (its packages and the autoload rules
     * Composer dumped), wherever it is (ComposerProjectLoader may find it outside the project's vendor/).
     */
    public const VENDOR_FILES = [
        'composer/installed.json',
        'composer/installed.php',
        'composer/autoload_classmap.php',
        'composer/autoload_psr4.php',
        'composer/autoload_namespaces.php',
        'composer/autoload_files.php',
    ];

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
        $hash = hash_init('sha256');
        hash_update($hash, 'preheat '.Version::VERSION.' record '.self::RECORD_FORMAT."\n");
        hash_update($hash, 'output '.$outputPath."\n");
        hash_update($hash, 'options '.hash('sha256', $options)."\n");
        hash_update($hash, 'php '.self::php($php)."\n");
        // The reused report's start-up and peak memory depend on the allocator generate boots PHP with.
        hash_update($hash, 'allocator '.serialize(VerifyOptions::SYSTEM_ALLOCATOR_ENVIRONMENT)."\n");
        hash_update($hash, 'project '.$projectRoot."\n");
        $dumped = self::dumpedBy($projectRoot, $vendorDir);
        foreach (self::COMPOSER_FILES as $file) {
            hash_update($hash, 'composer '.self::identity($projectRoot.'/'.$file, $dumped)."\n");
        }
        if (null !== $vendorDir) {
            foreach (self::VENDOR_FILES as $file) {
                hash_update($hash, 'vendor '.self::identity($vendorDir.'/'.$file, $dumped)."\n");
            }
        }
        // The script is not part of what it was planned from: the record holds its hash, compared with the file.
        $input = static fn (string $path): bool => $path !== $outputPath;
        hash_update($hash, 'tree '.self::tree(array_filter($files, $input), $dumped)."\n");
        hash_update($hash, 'context '.self::tree(array_filter($context, $input), $dumped)."\n");

        return hash_final($hash);
    }

    /**
     * The PHP that boots the script: its binaries (by real path and inode, size, mtime), the php.ini and
     * every .ini file of its scan directory (by content), and what was found with them (effective settings,
     * overrides, the preload user).
     */
    public static function php(PhpInstallation $php): string
    {
        return hash('sha256', self::phpDescription($php));
    }

    /** What php() hashes, for ReleaseKey to put another project root in. */
    public static function phpDescription(PhpInstallation $php): string
    {
        $parts = [
            'binary '.self::binary($php->phpBinary),
            'fpm '.(null === $php->fpmBinary ? '-' : self::binary($php->fpmBinary)),
            'ini '.(null === $php->settings->iniFile ? '-' : self::content($php->settings->iniFile)),
            'user '.($php->user ?? '-').' '.$php->userSource,
            'settings '.serialize($php->settings->values),
            'overrides '.serialize($php->settings->overrides),
            'environment '.serialize($php->settings->environment()),
        ];
        // An extension upgraded apart from PHP (a PECL package) changes what a boot does. Its directory is
        // known here for the PHP that runs Preheat; another PHP's binary and ini files are what is compared.
        if (realpath(self::resolve($php->phpBinary)) === realpath(\PHP_BINARY)) {
            $extensions = glob(\PHP_EXTENSION_DIR.'/*.so') ?: [];
            sort($extensions);
            $parts[] = 'extensions '.\PHP_EXTENSION_DIR.' '.self::tree($extensions);
        }
        // PHP_INI_SCAN_DIR may list several directories (separated by ':'), each scanned for *.ini.
        foreach (explode(\PATH_SEPARATOR, $php->settings->scanDir ?? '') as $directory) {
            if ('' === $directory) {
                continue;
            }
            $inis = glob(rtrim($directory, '/').'/*.ini') ?: [];
            sort($inis);
            $parts[] = 'scan '.$directory.' '.\count($inis);
            foreach ($inis as $ini) {
                $parts[] = 'scan '.self::content($ini);
            }
        }

        return implode("\n", $parts);
    }

    /**
     * @param array<string>         $paths
     * @param array<string, string> $dumped the directories whose Composer files are known by content (dumpedBy())
     */
    public static function tree(array $paths, array $dumped = []): string
    {
        $hash = hash_init('sha256');
        foreach ($paths as $path) {
            hash_update($hash, self::identity($path, $dumped)."\n");
        }

        return hash_final($hash);
    }

    /**
     * The vendor directories whose autoload.php, composer/*.php and composer/installed.json Composer writes
     * (the project's vendor/ and the one the plan was made with), as a set of their composer/ directories.
     *
     * @return array<string, string> composer directory => its vendor directory
     */
    private static function dumpedBy(string $projectRoot, ?string $vendorDir): array
    {
        $dumped = [];
        foreach ([$projectRoot.'/vendor', $vendorDir] as $vendor) {
            // By its real path too: the scan lists files by theirs (a vendor/ linked to a shared directory).
            foreach (null === $vendor ? [] : [$vendor, realpath($vendor)] as $each) {
                if (false !== $each) {
                    $dumped[$each.'/composer'] = $each;
                }
            }
        }

        return $dumped;
    }

    /**
     * A file as the key knows it. Composer writes its autoloader and package lists again on every `composer
     * install` and `dump-autoload`, mostly with the same bytes: those few files are known by content (and mode
     * and owner), so that a deploy that installs nothing keeps the verification. Any other file by stat().
     *
     * @param array<string, string> $dumped dumpedBy()
     */
    private static function identity(string $path, array $dumped): string
    {
        $directory = \dirname($path);
        $name = basename($path);
        $isDumped = isset($dumped[$directory])
            ? str_ends_with($name, '.php') || 'installed.json' === $name
            : 'autoload.php' === $name && \in_array($directory, $dumped, true);

        return $isDumped ? self::byContent($path) : self::stat($path);
    }

    /** A file by path, size, mode, owner and the SHA-256 of its bytes; "missing" when it is not there. */
    private static function byContent(string $path): string
    {
        clearstatcache(true, $path);
        $stat = @stat($path);
        // Hashed as it is read: a classmap of any size costs no memory.
        $hash = false === $stat || !is_file($path) ? false : @hash_file('sha256', $path);
        if (false === $stat || false === $hash) {
            return self::stat($path);
        }

        return \sprintf('%s %d %d %d %d %s', $path, $stat['size'], $stat['mode'], $stat['uid'], $stat['gid'], $hash);
    }

    /** A file by path, size, mtime, ctime (permissions and owner) and inode; "missing" when it is not there. */
    private static function stat(string $path): string
    {
        clearstatcache(true, $path);
        $stat = @stat($path);
        if (false === $stat) {
            return $path.' missing';
        }

        return \sprintf(
            '%s %d %d %d %d %d',
            $path,
            $stat['size'],
            $stat['mtime'],
            $stat['ctime'],
            $stat['ino'],
            $stat['mode'],
        );
    }

    private static function content(string $path): string
    {
        // Hashed as it is read: an ini file of any size costs no memory.
        $hash = is_file($path) ? @hash_file('sha256', $path) : false;

        return $path.' '.(false === $hash ? 'unreadable' : $hash);
    }

    /** A binary as PHP runs it: a bare name is looked up on PATH; its real path, so that an upgrade shows. */
    private static function binary(string $binary): string
    {
        $path = self::resolve($binary);
        $real = realpath($path);

        return $binary.' '.self::stat(false === $real ? $path : $real);
    }

    /** A bare name as the shell finds it on PATH; a path as it is. */
    private static function resolve(string $binary): string
    {
        if (str_contains($binary, '/')) {
            return $binary;
        }
        foreach (explode(\PATH_SEPARATOR, (string) getenv('PATH')) as $directory) {
            if ('' !== $directory && is_file($directory.'/'.$binary) && is_executable($directory.'/'.$binary)) {
                return $directory.'/'.$binary;
            }
        }

        return $binary;
    }
}
