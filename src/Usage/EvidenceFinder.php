<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\EnvironmentError;
use Preheat\Php\FastCgi\FastCgiAddress;
use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Php\FastCgi\FastCgiError;
use Preheat\Usage\Fpm\FpmHitCounts;
use Preheat\Usage\Fpm\FpmHits;
use Preheat\Usage\Fpm\SiblingRelease;
use Preheat\UserError;

/**
 * The evidence of what traffic loads, best first: a usage store the user pointed at, else the hit counts of
 * the running php-fpm. A source the user named and that fails is an error; one found by looking (the
 * store preheat.json names, the pool's `listen =`) is skipped with a note saying why.
 */
final class EvidenceFinder
{
    /** php-fpm named by the user may be busy: wait as `status` does. */
    public const GIVEN_TIMEOUT_SECONDS = 10.0;
    /** One found by looking must not hold up a generate that will do without it. */
    public const FOUND_TIMEOUT_SECONDS = 3.0;

    /** @var \Closure(FastCgiAddress, string, float): FpmHits */
    private readonly \Closure $readHits;

    /**
     * @param \Closure(string): void                                  $note     says why a source found by looking was
     *                                                                          not used
     * @param (\Closure(FastCgiAddress, string, float): FpmHits)|null $readHits reads a pool's hit counts, the probe
     *                                                                          in the directory given (default: over
     *                                                                          FastCGI)
     */
    public function __construct(private readonly \Closure $note, ?\Closure $readHits = null)
    {
        $this->readHits = $readHits ?? static function (
            FastCgiAddress $address,
            string $directory,
            float $timeout,
        ): FpmHits {
            return (new FpmHitCounts(new FastCgiClient($timeout)))->read($address, $directory);
        };
    }

    /**
     * @param string|null         $store      the store the user named (--store)
     * @param string|null         $configured the store preheat.json names, relative to the project
     * @param FastCgiAddress|null $fpm        the php-fpm the user named (--from-fpm)
     * @param list<string>        $found      where the pools of php-fpm's configuration listen
     * @param list<string>        $outside    directories outside the project the plan scans (absolute)
     */
    public function find(
        ?string $store,
        ?string $configured,
        ?FastCgiAddress $fpm,
        array $found,
        string $projectRoot,
        array $outside = [],
    ): ?Evidence {
        if (null !== $store) {
            return new Evidence('the usage store '.$store, UsageStores::readTraffic($store, (string) getcwd()), false);
        }
        if (null !== $configured) {
            try {
                return new Evidence(
                    'the usage store '.$configured.' (preheat.json)',
                    UsageStores::readTraffic($configured, $projectRoot),
                    false,
                );
            } catch (UserError|EnvironmentError $error) {
                ($this->note)(\sprintf('Not using the usage store preheat.json names: %s', $error->getMessage()));
            }
        }
        if (null !== $fpm) {
            return $this->fromFpm($fpm, $projectRoot, self::GIVEN_TIMEOUT_SECONDS, $outside);
        }
        foreach ($found as $listen) {
            try {
                return $this->fromFpm(
                    FastCgiAddress::parse($listen, 'listen'),
                    $projectRoot,
                    self::FOUND_TIMEOUT_SECONDS,
                    $outside,
                );
            } catch (UserError|EnvironmentError $error) {
                ($this->note)(\sprintf(
                    'Not using php-fpm\'s hit counts at %s: %s',
                    $listen,
                    $error instanceof FastCgiError && '' !== $error->why ? $error->why : $error->getMessage(),
                ));
            }
        }

        return null;
    }

    /**
     * The hit counts of the files of the app, from the php-fpm at $address: the probe goes into the
     * project, which the pool serves. The app's files: those under the project and under the directories
     * it is scanned from outside it, or, when php-fpm counted none there, those of the release it serves
     * beside it (SiblingRelease); the project must have some (a pool that serves other apps only
     * counted nothing of this one).
     *
     * @param list<string> $outside directories outside the project the plan scans (absolute)
     *
     * @throws UsageStoreError when php-fpm has OPcache off or has counted no file of the project
     */
    public function fromFpm(
        FastCgiAddress $address,
        string $projectRoot,
        float $timeoutSeconds,
        array $outside = [],
    ): Evidence {
        $root = realpath($projectRoot) ?: $projectRoot;
        $hits = ($this->readHits)($address, $root, $timeoutSeconds);
        if (!$hits->opcacheEnabled) {
            throw UsageStoreError::invalidStore(\sprintf(
                '%s has OPcache off (opcache.enable=0): it counts no hits.',
                $hits->server,
            ));
        }
        $release = null;
        if ($hits->snapshot([$root])->isEmpty()) {
            // A deploy plans the next release while php-fpm still serves the last one: its counts, moved here.
            $release = SiblingRelease::of($hits, $root);
            $hits = $release->hits ?? $hits;
        }
        // A php-fpm that preloads counts no use of what it preloaded: that is kept, what it compiled is added.
        $usage = $hits->snapshot([$root, ...$outside], keepPreloaded: true);
        $preloaded = \count($hits->preloadedUnder([$root, ...$outside]));
        if ($hits->snapshot([$root])->isEmpty()) {
            throw UsageStoreError::invalidStore(\sprintf(
                '%s has counted no file of %s (%d scripts of other apps): serve some of its pages through it '
                .'first (the counts start again at each restart).',
                $hits->server,
                $root,
                \count($hits->scripts),
            ));
        }

        return new Evidence(
            'php-fpm\'s hit counts at '.$address->address.(null === $release ? '' : \sprintf(
                ' of %s, the release it serves (%d counted scripts, read as the same files here)',
                $release->directory,
                $release->scripts,
            )).(0 === $preloaded ? '' : \sprintf(
                ' and the %d scripts it preloads, kept (OPcache counts no use of them)',
                $preloaded,
            )),
            $usage,
            true,
        );
    }
}
