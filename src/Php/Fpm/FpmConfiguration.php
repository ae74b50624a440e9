<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

/**
 * php-fpm's configuration as php-fpm reads it: the main file, the files its `include =` lines add (in
 * the order php-fpm reads them), the [global] directives, and the pools. $source says how the main file
 * was found; $master is the php-fpm master running with it, when one was found (by the pid file the
 * configuration names, or as the owner of a pool's listening socket).
 */
final class FpmConfiguration
{
    /**
     * @param list<FpmDirective> $global
     * @param list<FpmPool>      $pools
     * @param list<string>       $files       every file read, the main one first
     * @param bool               $dumped      whether `php-fpm -tt` confirmed it (and added php-fpm's defaults)
     * @param string|null        $dumpFailure why `php-fpm -tt` did not, when it was asked: the files alone are read
     */
    public function __construct(
        public readonly ?string $mainFile,
        public readonly string $source,
        public readonly array $global,
        public readonly array $pools,
        public readonly array $files,
        public readonly ?string $pidFile = null,
        public readonly ?RunningMaster $master = null,
        public readonly bool $dumped = false,
        public readonly ?string $dumpFailure = null,
    ) {
    }

    public function global(string $name): ?string
    {
        $found = null;
        foreach ($this->global as $directive) {
            if ($directive->name === $name) {
                $found = $directive->value;
            }
        }

        return $found;
    }

    /** The `user =` of the first pool that names one: the user php-fpm's workers run as. */
    public function firstUser(): ?FpmDirective
    {
        foreach ($this->pools as $pool) {
            $user = $pool->directive('user');
            if (null !== $user && '' !== $user->value) {
                return $user;
            }
        }

        return null;
    }

    public function withMaster(RunningMaster $master): self
    {
        return new self(
            $this->mainFile,
            $this->source,
            $this->global,
            $this->pools,
            $this->files,
            $this->pidFile,
            $master,
            $this->dumped,
            $this->dumpFailure,
        );
    }

    /** @param list<FpmPool> $pools */
    public function withPools(array $pools, bool $dumped): self
    {
        return new self(
            $this->mainFile,
            $this->source,
            $this->global,
            $pools,
            $this->files,
            $this->pidFile,
            $this->master,
            $dumped,
        );
    }

    /** The configuration as its files say, `php-fpm -tt` having failed to confirm it for $why. */
    public function withDumpFailure(string $why): self
    {
        return new self(
            $this->mainFile,
            $this->source,
            $this->global,
            $this->pools,
            $this->files,
            $this->pidFile,
            $this->master,
            false,
            $why,
        );
    }

    /** One line for reports: "/etc/php-fpm.conf (php-fpm's default; running: pid 812)". */
    public function describe(): string
    {
        return \sprintf(
            '%s (%s%s%s)',
            $this->mainFile ?? implode(', ', $this->files),
            $this->source,
            null === $this->master ? '' : '; running: pid '.$this->master->pid,
            null === $this->dumpFailure
                ? ''
                : '; read from its files alone, without the values php-fpm defaults: '.$this->dumpFailure,
        );
    }
}
