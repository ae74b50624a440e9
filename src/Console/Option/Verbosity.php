<?php

declare(strict_types=1);

namespace Preheat\Console\Option;

/**
 * What -v, -vv and -vvv mean: the same on every command, each level adding to the one below. Results stay on
 * stdout and everything else on stderr, so a script reading stdout gets the same shape at every level.
 */
final class Verbosity
{
    /** -v: the results in full, on stdout. */
    public const VERBOSE = 'more detail in the results: every item of a list that is otherwise cut short';

    /** -vv: on stderr. */
    public const VERY_VERBOSE = 'also where the time went, on stderr';

    /** -vvv: on stderr, for doing by hand what Preheat did. */
    public const DEBUG = 'also every program Preheat runs, as a line to paste into a shell (its directory and'
        .' environment too), and every configuration file it writes for a server, on stderr';

    /**
     * What each command does at -v and -vv that is its own (-vvv is the same everywhere). At -v, a command that cuts
     * no list short shows what it shows without it.
     */
    private const OWN = [
        'generate' => [
            'v' => 'every file left out and every path skipped or link followed, not the first 15 and 10',
            'vv' => 'the timing table: each stage and PHP boot (with --format=json, also as "timings")',
        ],
        'verify' => [
            'v' => 'every start-up message, not the first 30',
            'vv' => 'the timing table: each PHP boot',
        ],
        'explain' => [
            'vv' => 'the timing table: scan, parse and each planner pass',
        ],
        'doctor' => ['vv' => 'the same as -v'],
        'status' => ['vv' => 'the same as -v'],
        'record' => ['vv' => 'the same as -v'],
        'usage' => [
            'v' => 'every file recorded, unless --top is given',
            'vv' => 'the same as -v',
        ],
        'bench' => [
            'vv' => 'the same as -v: each round and each server start has its line already',
        ],
    ];

    /** The global option's description, in every command's help. */
    public static function optionDescription(): string
    {
        return '-v: more detail in the results; -vv: also where the time went; -vvv: also every program run and'
            .' every server configuration file written (the last two on stderr)';
    }

    /** The help section a command's help ends with: the shared meaning, and what this command adds to it. */
    public static function help(string $command): string
    {
        $own = self::OWN[$command] ?? [];
        $line = static fn (string $flag, string $meaning, ?string $here): string => \sprintf(
            '  <info>%-4s</info>  %s%s',
            $flag,
            $meaning,
            null === $here ? '' : "\n        here: ".$here,
        );

        return implode("\n", [
            'Verbosity (the same on every command):',
            $line('-v', self::VERBOSE, $own['v'] ?? null),
            $line('-vv', self::VERY_VERBOSE, $own['vv'] ?? null),
            $line('-vvv', self::DEBUG, null),
        ]);
    }
}
