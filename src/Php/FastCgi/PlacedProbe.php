<?php

declare(strict_types=1);

namespace Preheat\Php\FastCgi;

use Preheat\Process\InterruptGuard;

/**
 * A probe (a PHP file of Preheat's) placed where a running php-fpm can read it, run by the pool over FastCGI,
 * and removed: what `status` and php-fpm's hit counts both do to ask a pool about itself with nothing
 * installed in the app. The directory is the caller's (next to the preload script, a directory of the app):
 * the pool's /tmp may be private, and chroot or open_basedir may hide other places.
 */
final class PlacedProbe
{
    public function __construct(private readonly FastCgiClient $client = new FastCgiClient())
    {
    }

    /**
     * Writes $code into $directory as `NAME-RANDOM.php`, has the pool at $address run it and removes it, also
     * when the request fails or the run is interrupted meanwhile (the probe shows the app's paths and OPcache's
     * state to whoever can request it).
     *
     * @param string $name the file name's start, hidden (`.preheat-status`): later runs know the file as theirs
     *
     * @return FastCgiResponse|null null when the probe cannot be written into $directory (the caller says why
     *                              in its own words)
     *
     * @throws FastCgiError when php-fpm does not answer
     */
    public function run(
        string $address,
        string $directory,
        string $name,
        string $code,
        string $software,
    ): ?FastCgiResponse {
        $directory = rtrim($directory, '/');
        $probe = $directory.'/'.$name.'-'.bin2hex(random_bytes(8)).'.php';
        InterruptGuard::instance()->removeOnExit($probe);
        try {
            // The pool's user reads it, and no one else writes it, whatever the umask: the mode before the code.
            $handle = @fopen($probe, 'x');
            if (false === $handle) {
                return null;
            }
            $written = @chmod($probe, 0o644) && \strlen($code) === @fwrite($handle, $code);
            fclose($handle);
            if (!$written) {
                return null;
            }

            return $this->client->runScript($address, $probe, $directory, $software);
        } finally {
            @unlink($probe);
            InterruptGuard::instance()->forgetPath($probe);
        }
    }

    /** A probe's answer in which the caller found nothing of its own: what php-fpm said, and the likely cause. */
    public static function unanswered(
        string $address,
        string $probe,
        FastCgiResponse $response,
        string $directory,
    ): FastCgiError {
        $said = trim($response->stderr."\n".substr($response->body, 0, 300));

        return FastCgiError::broken($address, \sprintf(
            'the %s printed nothing (HTTP %d%s); php-fpm must be able to read %s (chroot, '
            .'open_basedir and a private /tmp hide files: give a directory of the app)',
            $probe,
            $response->status,
            '' === $said ? '' : ': '.$said,
            $directory,
        ));
    }
}
