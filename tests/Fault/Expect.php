<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

/** What a fault case must end with, besides nothing left running (checked for every case). */
final class Expect
{
    /**
     * @param list<int>                                       $exit      acceptable exit codes (each of several concurrent runs must end with one)
     * @param string|null                                     $output    a pattern stdout or stderr must match
     * @param string|null                                     $notOutput a pattern neither may match (a false or misleading message)
     * @param list<string>                                    $unchanged files of the project (relative) whose bytes must not change
     * @param list<string>                                    $creates   patterns (fnmatch, relative to the project) of the files the run may add to the project
     * @param bool                                            $cleanTemp the run's private temp dir must be empty afterwards (no file of Preheat's left)
     * @param (\Closure(Sandbox, Outcome): list<string>)|null $after     further checks, returning what is wrong
     */
    public function __construct(
        public readonly array $exit,
        public readonly ?string $output = null,
        public readonly ?string $notOutput = null,
        public readonly array $unchanged = [],
        public readonly array $creates = [],
        public readonly bool $cleanTemp = true,
        public readonly ?\Closure $after = null,
        public readonly string $afterSays = '',
    ) {
    }

    /** The expectation as a table cell. */
    public function describe(): string
    {
        $parts = ['exit '.implode('/', $this->exit)];
        if (null !== $this->output) {
            $parts[] = 'says '.$this->output;
        }
        if (null !== $this->notOutput) {
            $parts[] = 'never says '.$this->notOutput;
        }
        if ([] !== $this->unchanged) {
            $parts[] = implode(', ', $this->unchanged).' untouched';
        }
        if ('' !== $this->afterSays) {
            $parts[] = $this->afterSays;
        }
        $parts[] = 'nothing left running';
        $parts[] = $this->cleanTemp ? 'no file left' : 'temp files allowed (kill -9)';

        return implode('; ', $parts);
    }
}
