<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Console\Option\OptionAliases;
use Symfony\Component\Console\Application;

/**
 * The options of each command by idea (project, pool user, usage store, format, verbosity, page vs URL), read from
 * the application itself or from an earlier version's `preheat list --format=json`, and the markdown table of
 * both, before → after: what `scripts/cli-table.php` prints and doc/commands.md shows.
 */
final class CliGrammar
{
    public const COMMANDS = ['generate', 'verify', 'explain', 'doctor', 'status', 'record', 'usage', 'bench'];

    /** An idea => the names it has had, the current one first. */
    public const NAMES = [
        'project' => ['project'],
        'pool user' => ['pool-user', 'user'],
        'usage store' => ['store', 'usage'],
    ];

    /** The commands of the version under test, as the table reads them. */
    public const BEFORE_FIXTURE = __DIR__.'/../Fixtures/cli/commands-before-one-name-per-idea.json';

    /** @return array<string, array{options: array<string, string>, help: string}> command => options => description */
    public static function ofApplication(Application $application): array
    {
        $commands = [];
        foreach (self::COMMANDS as $name) {
            $command = $application->find($name);
            $options = [];
            foreach ($command->getDefinition()->getOptions() as $option) {
                $options[$option->getName()] = $option->getDescription();
            }
            $commands[$name] = ['options' => $options, 'help' => $command->getProcessedHelp()];
        }

        return $commands;
    }

    /**
     * From the JSON `preheat list --format=json` prints (or the fixture made of it).
     *
     * @return array<string, array{options: array<string, string>, help: string}>
     */
    public static function ofListJson(string $json): array
    {
        $document = json_decode($json, true, 512, \JSON_THROW_ON_ERROR);
        \assert(\is_array($document) && \is_array($document['commands'] ?? null));
        $commands = [];
        foreach ($document['commands'] as $command) {
            \assert(\is_array($command) && \is_string($command['name'] ?? null));
            if (!\in_array($command['name'], self::COMMANDS, true)) {
                continue;
            }
            $options = [];
            foreach ((array) ($command['definition']['options'] ?? []) as $name => $option) {
                $options[(string) $name] = \is_array($option) ? (string) ($option['description'] ?? '') : '';
            }
            $commands[$command['name']] = ['options' => $options, 'help' => (string) ($command['help'] ?? '')];
        }

        return $commands;
    }

    /**
     * The cells of one command: idea => what it is called (a markdown fragment).
     *
     * @param array{options: array<string, string>, help: string} $command
     *
     * @return array<string, string>
     */
    public static function cells(array $command): array
    {
        $options = $command['options'];
        $cells = [];
        foreach (self::NAMES as $idea => $names) {
            $given = array_values(array_filter($names, static fn (string $n): bool => isset($options[$n])));
            $cells[$idea] = [] === $given ? 'none' : '`--'.$given[0].'`';
        }
        $cells['format'] = isset($options['format'])
            ? implode(' ', array_map(static fn (string $v): string => '`'.$v.'`', self::formats($options['format'])))
            : 'none';
        preg_match_all('/(?<![\w-])-v{1,3}(?![\w-])/', $command['help'], $verbosity);
        $levels = array_unique($verbosity[0]);
        sort($levels);
        $cells['verbosity'] = [] === $levels
            ? 'not in help'
            : implode(' ', array_map(static fn (string $v): string => '`'.$v.'`', $levels));
        $urls = [];
        foreach ($options as $name => $description) {
            if (str_contains($name, 'url')) {
                $urls[] = \sprintf('`--%s` (%s)', $name, self::isPage($description) ? 'a page path' : 'a URL');
            }
        }
        $cells['page vs URL'] = [] === $urls ? 'none' : implode(', ', $urls);

        return $cells;
    }

    /** @return list<string> the values a --format option's description lists: "text, md or json" */
    public static function formats(string $description): array
    {
        if (1 !== preg_match('/^((?:[a-z]+, )*[a-z]+(?: or [a-z]+)?)(?=[\s(]|$)/', $description, $match)) {
            return [];
        }

        return preg_split('/, | or /', $match[1]) ?: [];
    }

    /** A --url that takes a page path (/login) rather than a whole URL. */
    public static function isPage(string $description): bool
    {
        return 1 === preg_match('/\bpage\b/i', $description) && 1 !== preg_match('/\bthe URL\b/', $description);
    }

    /**
     * The markdown table: one row per command, each idea before → after (the same: once); an old name that still
     * works is said to.
     *
     * @param array<string, array{options: array<string, string>, help: string}> $before
     * @param array<string, array{options: array<string, string>, help: string}> $after
     */
    public static function table(array $before, array $after): string
    {
        $ideas = ['project', 'pool user', 'usage store', 'format', 'verbosity', 'page vs URL'];
        $lines = [
            '| command | '.implode(' | ', $ideas).' |',
            '|---|'.str_repeat('---|', \count($ideas)),
        ];
        $renames = [];
        foreach (self::COMMANDS as $name) {
            $old = self::cells($before[$name] ?? ['options' => [], 'help' => '']);
            $new = self::cells($after[$name]);
            $aliases = OptionAliases::of($name);
            $row = [];
            foreach ($ideas as $idea) {
                if ($old[$idea] === $new[$idea]) {
                    $row[] = $new[$idea];

                    continue;
                }
                $kept = [] !== array_filter(
                    array_keys($aliases),
                    static fn (string $alias): bool => str_contains($old[$idea], '`'.$alias.'`'),
                );
                $row[] = $old[$idea].' → '.$new[$idea].($kept ? ' (old name still works, deprecated)' : '');
            }
            $lines[] = '| `'.$name.'` | '.implode(' | ', $row).' |';
            foreach ($aliases as $alias => $current) {
                $covered = str_contains(implode(' ', $old), '`'.$alias.'`');
                if (!$covered) {
                    $renames[] = \sprintf('`%s %s` → `%s`', $name, $alias, $current);
                }
            }
        }
        if ([] !== $renames) {
            $lines[] = '';
            $lines[] = 'Renamed besides (the old name still works, deprecated): '.implode(', ', array_unique($renames)).'.';
        }

        return implode("\n", $lines)."\n";
    }
}
