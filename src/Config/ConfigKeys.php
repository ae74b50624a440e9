<?php

declare(strict_types=1);

namespace Preheat\Config;

/**
 * Every key of preheat.json, declared once: its type, what it is for, its range and the registry its values
 * come from. The loaders' key checks read it, and scripts/schema.php writes resources/preheat.schema.json from
 * it (`make schema`), so the schema an editor checks the file against is never kept by hand. The settings an
 * extension declares for itself (a load tool's IntegerSetting) are not here: the registries give them, and the
 * key check and the schema add them.
 */
final class ConfigKeys
{
    /** @return list<ConfigKey> in the order the schema lists them */
    public static function all(): array
    {
        return [
            new ConfigKey('$schema', JsonType::String, 'This schema, for editors: e.g.'
                .' vendor/preheat/preheat/resources/preheat.schema.json'),
            new ConfigKey('generate', JsonType::Object, 'What generate and explain scan and leave out when the'
                .' command line gives no paths or globs'),
            new ConfigKey('generate.paths', JsonType::StringList, 'Directories or files to scan, relative to the'
                .' project (default: what Composer autoloads)'),
            new ConfigKey('generate.ignore', JsonType::StringList, 'Paths or globs to leave out'),
            new ConfigKey('bench', JsonType::Object, 'How bench serves and measures the app'),
            new ConfigKey('bench.documentRoot', JsonType::String, 'The web root, relative to the project (default:'
                .' public)'),
            new ConfigKey('bench.frontController', JsonType::String, 'The front controller, relative to documentRoot'
                .' (default: index.php)'),
            new ConfigKey('bench.urls', JsonType::Pages, 'The pages to load: a path, or {"path", "expect"}'),
            new ConfigKey('bench.urls[].path', JsonType::String, 'The page\'s path, e.g. /'),
            new ConfigKey('bench.urls[].expect', JsonType::String, 'Text the body must contain'),
            new ConfigKey('bench.scenarios', JsonType::NamedStrings, 'NAME: SPEC, e.g. {"none": "none", "hot":'
                .' "hot"}; a spec is a strategy or a preload script path'),
            new ConfigKey('bench.rounds', JsonType::Integer, 'Rounds at least', Bound::Rounds),
            new ConfigKey('bench.duration', JsonType::Number, 'Seconds of load per scenario and round',
                Bound::Duration),
            new ConfigKey('bench.warmup', JsonType::Number, 'Seconds of load before measuring', Bound::Warmup),
            new ConfigKey('bench.concurrency', JsonType::Integer, 'Connections the load tool keeps open',
                Bound::Concurrency),
            new ConfigKey('bench.workers', JsonType::Integer, 'php-fpm workers (or the runtime\'s) per scenario',
                Bound::Workers),
            new ConfigKey('bench.tool', JsonType::String, 'The load tool', choice: Choice::LoadTool),
            new ConfigKey('bench.masks', JsonType::StringList, 'PCRE patterns with delimiters (e.g. /token=\w+/)'
                .' whose matches in the answers are masked before comparing them'),
            new ConfigKey('bench.phpIni', JsonType::String, 'The php.ini the servers use, relative to the project'),
            new ConfigKey('bench.opcacheMemory', JsonType::Integer, 'opcache.memory_consumption in MB for the'
                .' servers', Bound::OpcacheMemory),
            new ConfigKey('bench.timeout', JsonType::Number, 'Seconds a request may take (at least 0.1)',
                Bound::Timeout),
            new ConfigKey('bench.binaries', JsonType::Object, 'The binaries to run, by role',
                choice: Choice::BinaryRole),
            new ConfigKey('bench.usage', JsonType::String, 'A usage store the hot scenario plans from: a file'
                .' relative to the project, or redis://...'),
            new ConfigKey('bench.hot', JsonType::Object, 'The hot strategy\'s criteria'),
            new ConfigKey('bench.hot.coverage', JsonType::Number, 'The share of recorded loads to cover, 0 to 1'),
            new ConfigKey('bench.hot.minShare', JsonType::Number, 'The least share of requests a file must be loaded'
                .' by'),
            new ConfigKey('bench.hot.budget', JsonType::String, 'The most memory the preloaded files may take, e.g.'
                .' 12M, or auto (the default): stop where the next files bring fewer loads per MB than the files every'
                .' request loads, at most 32M'),
            new ConfigKey('bench.recordSeconds', JsonType::Number, 'Seconds the bench records usage for the hot'
                .' scenario', Bound::RecordSeconds),
            new ConfigKey('bench.recorderSample', JsonType::Integer, 'Record 1 request in N while recording',
                Bound::RecorderSample),
            new ConfigKey('bench.runtime', JsonType::String, 'What serves the app', choice: Choice::Runtime),
            new ConfigKey('bench.precision', JsonType::PositiveNumber, 'Stop when every interval is this many points'
                .' wide or less'),
            new ConfigKey('bench.maxTime', JsonType::Duration, 'The time the measured rounds may take: seconds, or'
                .' e.g. 240s or 4m', Bound::MaxTime),
            new ConfigKey('bench.ladder', JsonType::Boolean, 'Run the ladder\'s scenarios (its rungs)'),
            new ConfigKey('bench.worker', JsonType::Object, 'The worker runtime'),
            new ConfigKey('bench.worker.adapter', JsonType::String, 'The worker adapter',
                choice: Choice::WorkerAdapter),
            new ConfigKey('bench.worker.entry', JsonType::String, 'The worker\'s entry script, relative to the'
                .' project'),
            new ConfigKey('bench.worker.maxRequests', JsonType::Integer, 'Requests a worker serves before it is'
                .' replaced (0: never)', Bound::WorkerMaxRequests),
            new ConfigKey('bench.worker.maxBodyBytes', JsonType::Integer, 'The largest request body a worker accepts',
                Bound::WorkerMaxBodyBytes),
            new ConfigKey('bench.schedule', JsonType::String, 'together: every scenario of a round loaded at once;'
                .' turns: one after another', choice: Choice::Schedule),
            new ConfigKey('bench.restartEvery', JsonType::Integer, 'Start every scenario\'s server anew after this'
                .' many rounds (0: never)', Bound::RestartEvery),
        ];
    }

    /**
     * The keys of the object at $parent ('' for the top, bench.urls[] for a page), in the table's order.
     *
     * @return list<ConfigKey>
     */
    public static function keysUnder(string $parent): array
    {
        return array_values(array_filter(self::all(), static fn (ConfigKey $key): bool => $key->parent() === $parent));
    }

    /** @return list<string> the names of the keys of the object at $parent */
    public static function under(string $parent): array
    {
        return array_map(static fn (ConfigKey $key): string => $key->name(), self::keysUnder($parent));
    }

    /**
     * The bench keys a count or a length of time in seconds, whose range Bound holds: checked in the file whether
     * or not an option overrides them (maxTime, also text, is read as a duration; the worker's, with the worker).
     *
     * @return list<Bound>
     */
    public static function benchBounds(): array
    {
        $bounds = [];
        foreach (self::keysUnder('bench') as $key) {
            if (null !== $key->bound && \in_array($key->type, [JsonType::Integer, JsonType::Number], true)) {
                $bounds[] = $key->bound;
            }
        }

        return $bounds;
    }
}
