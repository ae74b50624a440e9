<?php

declare(strict_types=1);

namespace Preheat\Usage\Fpm;

use Preheat\Php\FastCgi\FastCgiAddress;
use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Php\FastCgi\FastCgiError;
use Preheat\Php\Probe;
use Preheat\Process\InterruptGuard;

/**
 * Reads a running php-fpm's OPcache hit counts over FastCGI, with nothing installed in the app: as
 * `status` does, it writes a probe into a directory the pool can read (its /tmp may be private), has
 * the pool run it, and removes it.
 */
final class FpmHitCounts
{
    /** More scripts than any app has: the probe stops there, so the answer stays bounded. */
    public const MAX_SCRIPTS = 200000;

    public function __construct(private readonly FastCgiClient $client = new FastCgiClient())
    {
    }

    public static function probeCode(): string
    {
        return strtr((string) file_get_contents(__DIR__.'/opcache-hits.php.template'), [
            '{{maxScripts}}' => (string) self::MAX_SCRIPTS,
            '{{emit}}' => Probe::emit('$preheatHits', FpmHits::MARKER),
        ]);
    }

    /**
     * @throws FastCgiError        when php-fpm does not answer, or answers something else than the probe
     * @throws ProbeDirectoryError when the probe cannot be written
     */
    public function read(FastCgiAddress $address, string $probeDirectory): FpmHits
    {
        $directory = rtrim($probeDirectory, '/');
        $probe = $directory.'/.preheat-hits-'.bin2hex(random_bytes(8)).'.php';
        // Interrupted while php-fpm is slow to answer, the run removes it: it shows the app's paths.
        InterruptGuard::instance()->removeOnExit($probe);
        try {
            if (false === @file_put_contents($probe, self::probeCode())) {
                throw new ProbeDirectoryError(\sprintf(
                    'cannot write the OPcache probe into %s: give a directory of the app that php-fpm can read and '
                    .'you can write.',
                    $directory,
                ));
            }
            @chmod($probe, 0o644);
            $response = $this->client->runScript($address->address, $probe, $directory, 'preheat-usage');
        } finally {
            @unlink($probe);
            InterruptGuard::instance()->forgetPath($probe);
        }
        $hits = FpmHits::read($response->body, 'php-fpm at '.$address->address, time());
        if (null === $hits) {
            $said = trim($response->stderr."\n".substr($response->body, 0, 300));
            throw FastCgiError::broken($address->address, \sprintf(
                'the OPcache probe printed nothing (HTTP %d%s); php-fpm must be able to read %s (chroot, '
                .'open_basedir and a private /tmp hide files: give a directory of the app)',
                $response->status,
                '' === $said ? '' : ': '.$said,
                $directory,
            ));
        }

        return $hits;
    }
}
