<?php

declare(strict_types=1);

namespace Preheat\Console\Option;

/**
 * The names options had before every command called one idea by one name: still accepted on the command line,
 * rewritten to the current name with a notice, and shown nowhere (help, completion) so that nobody learns them.
 */
final class OptionAliases
{
    /** @var array<string, array<string, string>> command => old name => the current one */
    private const ALIASES = [
        'generate' => ['--user' => '--pool-user', '--usage' => '--store'],
        'verify' => ['--user' => '--pool-user'],
        'bench' => ['--user' => '--pool-user'],
        'explain' => ['--usage' => '--store', '--output' => '--script', '-o' => '--script'],
        'status' => ['--url' => '--status-url'],
    ];

    /** @return array<string, string> old name => the current one, for $command */
    public static function of(string $command): array
    {
        return self::ALIASES[$command] ?? [];
    }

    /**
     * $tokens (the command line without the program) with every old name of $command's options replaced by the
     * current one, and a notice for each old name used; what follows `--` is left as it is.
     *
     * @param list<string> $tokens
     *
     * @return array{list<string>, list<string>} the tokens, then the notices
     */
    public static function rewrite(string $command, array $tokens): array
    {
        $aliases = self::of($command);
        $notices = [];
        $rewritten = [];
        $ended = false;
        foreach ($tokens as $token) {
            if ($ended || '--' === $token) {
                $ended = true;
                $rewritten[] = $token;

                continue;
            }
            foreach ($aliases as $old => $current) {
                $long = str_starts_with($old, '--');
                $matches = $token === $old
                    || ($long && str_starts_with($token, $old.'='))
                    // A short option's value may follow it at once: -oVALUE.
                    || (!$long && str_starts_with($token, $old) && !str_starts_with($token, '--'));
                if (!$matches) {
                    continue;
                }
                $rest = substr($token, \strlen($old));
                $token = $current.('' === $rest || $long ? $rest : '='.$rest);
                $notices[$old] = \sprintf(
                    'preheat %s: %s is deprecated and will be removed: use %s.',
                    $command,
                    $old,
                    $current,
                );

                break;
            }
            $rewritten[] = $token;
        }

        return [$rewritten, array_values($notices)];
    }
}
