<?php

declare(strict_types=1);

namespace Preheat\Usage\Fpm;

use Preheat\Php\FastCgi\FastCgiAddress;
use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Php\FastCgi\FastCgiError;
use Preheat\Php\FastCgi\PlacedProbe;
use Preheat\Php\Probe;

/**
 * Reads a running php-fpm's OPcache hit counts over FastCGI, with nothing installed in the app: as
 * `status` does, it writes a probe into a directory the pool can read (its /tmp may be private), has
 * the pool run it, and removes it.
 */
final class FpmHitCounts
{
    /** More scripts than any app has: the probe stops there, so the answer stays bounded. */
    public const MAX_SCRIPTS = 200000;

    private readonly PlacedProbe $probe;

    public function __construct(FastCgiClient $client = new FastCgiClient())
    {
        $this->probe = new PlacedProbe($client);
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
        $response = $this->probe->run(
            $address->address,
            $directory,
            '.preheat-hits',
            self::probeCode(),
            'preheat-usage',
        );
        if (null === $response) {
            throw new ProbeDirectoryError(\sprintf(
                'cannot write the OPcache probe into %s: give a directory of the app that php-fpm can read and '
                .'you can write.',
                $directory,
            ));
        }

        return FpmHits::read($response->body, 'php-fpm at '.$address->address, time())
            ?? throw PlacedProbe::unanswered($address->address, 'OPcache probe', $response, $directory);
    }
}
