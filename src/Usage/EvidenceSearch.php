<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\EnvironmentError;
use Preheat\Php\FastCgi\FastCgiAddress;
use Preheat\Php\FpmPoolFiles;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Plan\PlanRequest;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\Line;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressLogger;
use Preheat\UserError;

/**
 * Where `generate` learns what traffic loads, for hot: the usage store or the php-fpm given, else the best
 * evidence there is: the store preheat.json names, then the hit counts of the php-fpm pools found. What it
 * used, and what it passed over and why, is said on the progress.
 */
final class EvidenceSearch
{
    public function __construct(
        private readonly ProgressLogger $progress,
        private readonly ProcessRunner $runner,
        /** The PHP the script is verified with, when found already: its php-fpm's pools are looked in. */
        private readonly ?PhpInstallation $php = null,
    ) {
    }

    /**
     * The default's search: the store given, else the php-fpm given, else (nothing given) preheat.json's
     * "bench.usage", else the hit counts of the php-fpm pools $found (see listenAddresses()). Null when there
     * is none: then every safe file is preloaded.
     *
     * @param list<string> $found where the pools of php-fpm listen
     */
    public function find(
        ?string $store,
        ?FastCgiAddress $fpm,
        ?string $configuredStore,
        PlanRequest $request,
        array $found,
    ): ?Evidence {
        $progress = $this->progress;
        $looked = null === $store && null === $fpm;
        $skipped = static fn (string $line) => $progress->finish(new Line($line, Outcome::Skipped));

        return (new EvidenceFinder($skipped))->find(
            $store,
            $looked && '' !== $configuredStore ? $configuredStore : null,
            $fpm,
            $found,
            $request->projectRoot,
            self::outsideDirectories($request),
        );
    }

    /** The hit counts of the app's files from the php-fpm given (--from-fpm), with the given's patience. */
    public function fromFpm(FastCgiAddress $fpm, PlanRequest $request): Evidence
    {
        $progress = $this->progress;

        return (new EvidenceFinder(static fn (string $line) => $progress->finish($line)))->fromFpm(
            $fpm,
            $request->projectRoot,
            EvidenceFinder::GIVEN_TIMEOUT_SECONDS,
            self::outsideDirectories($request),
        );
    }

    /**
     * The directories outside the project the plan scans (preheat.json's generate.paths, --path): the
     * app's files there are counted too.
     *
     * @return list<string>
     */
    public static function outsideDirectories(PlanRequest $request): array
    {
        $root = rtrim($request->projectRoot, '/').'/';
        $outside = [];
        foreach ([...$request->paths, ...$request->includeDirs] as $path) {
            $absolute = realpath(str_starts_with($path, '/') ? $path : $root.$path);
            if (false !== $absolute && !str_starts_with($absolute.'/', $root)) {
                $outside[] = $absolute;
            }
        }

        return $outside;
    }

    /**
     * Where php-fpm's pools listen, as `status` finds them: the pools of php-fpm's configuration ($fpmConfig,
     * else found beside the ini of the PHP the script is verified with, or in its layout). None when there is none.
     *
     * @return list<string>
     */
    public function listenAddresses(string $phpBinary, ?string $fpmConfig): array
    {
        try {
            $php = $this->php ?? (new PhpInstallationLocator($this->runner))
                ->locate($phpBinary, null, null, null, $fpmConfig);
            $iniFile = $php->settings->iniFile;
            $configuration = $php->fpmConfig
                ?? (null === $iniFile ? null : FpmPoolFiles::configuration(\dirname($iniFile)));
            $addresses = [];
            foreach ($configuration->pools ?? [] as $pool) {
                $listen = '';
                // The last `listen =` of the pool is the one php-fpm reads.
                foreach ($pool->directives as $directive) {
                    $listen = 'listen' === $directive->name ? trim($directive->value) : $listen;
                }
                if ('' !== $listen) {
                    // A bare port is php-fpm's shorthand for all addresses on it: ask on loopback.
                    $addresses[] = ctype_digit($listen) ? '127.0.0.1:'.$listen : $listen;
                }
            }

            return array_values(array_unique($addresses));
        } catch (UserError|EnvironmentError) {
            return [];
        }
    }
}
