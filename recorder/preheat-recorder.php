<?php

declare(strict_types=1);

/*
 * Preheat's usage recorder: which PHP files real requests load, for `preheat usage` and
 * `preheat generate --strategy=hot`.
 *
 * One standalone file: no autoloader, no extension needed (APCu is used when it is enabled). Enable it
 * with the bootstrap `preheat record --install` writes, through auto_prepend_file. It samples 1
 * request in `sample`, before it loads this file: an unsampled request costs one random_int() (about
 * 0.5 µs). A sampled request, at shutdown, adds
 * get_included_files() to counts kept per worker (APCu, else a small file under the temp dir) and every
 * `batch` sampled requests or `flushSeconds` the worker appends one batch to the store: a file (one JSON
 * line per batch) or Redis. The recorder never throws into the app, never prints and never warns; when
 * the store is down it keeps the counts (at most MAX_PENDING batches, then drops the oldest and counts
 * the drop) and tries again later. Whatever answers at the store's address, a request waits for it at most
 * `timeout` (to connect) plus `readTimeout` (for the whole exchange), and reads a bounded answer from it;
 * an answer that is not Redis's drops the batches sent (counted as dropped) rather than sending them again.
 */

namespace Preheat\Recorder;

/**
 * @phpstan-type Counts array<string, int>
 * @phpstan-type Batch array{server: string, pid: int, from: int, to: int, requests: int, files: Counts, required?: Counts, dropped?: int}
 * @phpstan-type Open array{requests: int, files: Counts, required?: Counts, from: int, to: int}
 * @phpstan-type State array{v: int, pid: int, open: Open, pending: list<Batch>, dropped: int, failures: int, retryAt: int, gen?: int}
 */
final class Recorder
{
    /**
     * The version of the store format (the `v` of a file record, the `version` key in Redis).
     * 2 added `required`: per file, the sampled requests that loaded it outside any autoloader.
     */
    public const FORMAT = 2;

    /** Formats a reader understands: a version 1 record simply has no `required` counts. */
    public const READABLE_FORMATS = [1, 2];

    /** Batches a worker keeps while the store is unreachable; beyond that the oldest are dropped, and counted. */
    public const MAX_PENDING = 10;

    private static ?Config $config = null;
    private static bool $finished = false;
    /** Held until PHP destroys what is left at the end of the request. */
    private static ?Finisher $finisher = null;

    /**
     * Called once per request. Decides whether this request is sampled (1 in `sample`); only a sampled
     * request does anything more. The bootstrap `preheat record --install` writes decides before it
     * even loads this file, and says so with $sampled.
     *
     * random_int(), not mt_rand(): mt_rand() seeds its generator in every request that calls it, which
     * costs an unsampled request about 2 µs against 0.5 µs (bench/recorder-overhead.php --cgi).
     *
     * @param array<string, mixed> $config see Config::fromArray()
     */
    public static function start(array $config, bool $sampled = false): void
    {
        try {
            $sample = (int) ($config['sample'] ?? 10);
            if (!$sampled && $sample > 1 && 1 !== random_int(1, $sample)) {
                return;
            }
            if (null !== self::$config) {
                return;
            }
            self::$config = Config::fromArray($config);
            AutoloadWitness::install();
            // Registered from a shutdown function, ours runs after the app's own shutdown functions.
            register_shutdown_function(static function (): void {
                register_shutdown_function([self::class, 'finish']);
            });
            // A shutdown function that calls exit skips every shutdown function after it, ours too; PHP
            // still destroys the objects that are left after the shutdown functions, so this one finishes
            // instead (finish() runs once: when the shutdown function ran, this does nothing).
            self::$finisher ??= new Finisher();
        } catch (\Throwable) {
        }
    }

    /**
     * Records this request now, if it is sampled (at most once per request). Shutdown calls it;
     * so does a framework's terminate hook, after the response was sent.
     */
    public static function finish(): void
    {
        if (null === self::$config || self::$finished) {
            return;
        }
        self::$finished = true;
        try {
            self::record(self::$config, get_included_files(), time(), 'cli' === \PHP_SAPI, AutoloadWitness::autoloadedFiles());
        } catch (\Throwable) {
        }
    }

    /**
     * The work of one sampled request, for tests and bench/recorder-overhead.php. Unlike start() and
     * finish(), it lets an invalid config throw.
     *
     * @internal
     *
     * @param array<string, mixed>     $config
     * @param list<string>             $includedFiles
     * @param bool                     $lastInProcess a process that serves one request (the CLI) flushes at its end
     * @param array<string, true>|null $autoloaded    files included inside an autoloader; null when that is not known
     */
    public static function recordRequest(array $config, array $includedFiles, ?int $now = null, bool $lastInProcess = false, ?array $autoloaded = null): void
    {
        self::record(Config::fromArray($config), $includedFiles, $now ?? time(), $lastInProcess, $autoloaded);
    }

    /**
     * @param list<string>             $includedFiles
     * @param array<string, true>|null $autoloaded
     */
    private static function record(Config $config, array $includedFiles, int $now, bool $lastInProcess, ?array $autoloaded): void
    {
        $buffer = $config->buffer();
        if (!$buffer->usable()) {
            $lastInProcess = true; // nowhere safe to keep counts between requests: write this one at once
        }
        $state = $buffer->load();
        $open = $state['open'];
        $files = $open['files'];
        $required = $open['required'] ?? [];
        $exclude = $config->exclude;
        $base = $config->base;
        foreach ($includedFiles as $file) {
            if (isset($exclude[$file])) {
                continue;
            }
            if ([] !== $base) {
                $inside = false;
                foreach ($base as $directory) {
                    if (str_starts_with($file, $directory)) {
                        $inside = true;
                        break;
                    }
                }
                if (!$inside) {
                    continue;
                }
            }
            $files[$file] = ($files[$file] ?? 0) + 1;
            if (null !== $autoloaded && !isset($autoloaded[$file])) {
                $required[$file] = ($required[$file] ?? 0) + 1;
            }
        }
        if (0 === $open['requests']) {
            $open['from'] = $now;
        }
        ++$open['requests'];
        $open['to'] = $now;
        $open['files'] = $files;
        $open['required'] = $required;
        $state['open'] = $open;

        if ($lastInProcess || $open['requests'] >= $config->batch || $now - $open['from'] >= $config->flushSeconds) {
            $state = self::seal($state, $config->server());
        }
        if ([] !== $state['pending'] && ($lastInProcess || $now >= $state['retryAt'])) {
            $state = self::flush($state, $config, $buffer, $now);
        }
        $buffer->save($state);
    }

    /**
     * Closes the open counts into a batch waiting to be written.
     *
     * @param State $state
     *
     * @return State
     */
    private static function seal(array $state, string $server): array
    {
        $open = $state['open'];
        if ($open['requests'] > 0) {
            $state['pending'][] = [
                'server' => $server,
                'pid' => $state['pid'],
                'from' => $open['from'],
                'to' => $open['to'],
                'requests' => $open['requests'],
                'files' => $open['files'],
                'required' => $open['required'] ?? [],
            ];
        }
        $state['open'] = WorkerState::open();

        return self::bound($state);
    }

    /**
     * @param State $state
     *
     * @return State
     */
    private static function bound(array $state): array
    {
        while (\count($state['pending']) > self::MAX_PENDING) {
            $oldest = array_shift($state['pending']);
            $state['dropped'] += $oldest['requests'];
        }

        return $state;
    }

    /**
     * Writes every waiting batch, with those of dead workers, to the store.
     *
     * @param State $state
     *
     * @return State
     */
    private static function flush(array $state, Config $config, Buffer $buffer, int $now): array
    {
        foreach ($buffer->adoptOrphans() as $orphan) {
            $orphan = self::seal($orphan, $config->server());
            array_push($state['pending'], ...$orphan['pending']);
            $state['dropped'] += $orphan['dropped'];
        }
        $state = self::bound($state);
        $batches = self::withoutPreloaded($state['pending']);
        $last = array_pop($batches);
        if (null !== $last) {
            if ($state['dropped'] > 0) {
                $last['dropped'] = $state['dropped'];
            }
            $batches[] = $last;
        }
        try {
            Sinks::fromConfig($config->store)->write($batches);
            $state['pending'] = [];
            $state['dropped'] = 0;
            $state['failures'] = 0;
            $state['retryAt'] = 0;
        } catch (\Throwable $e) {
            if ($e instanceof SinkError && SinkError::MALFORMED === $e->getCode()) {
                // Whatever answers there is not Redis (or not sane): it may have taken the batches or not, and
                // sending them again would only meet it again. They are dropped, and counted as dropped.
                foreach ($state['pending'] as $batch) {
                    $state['dropped'] += $batch['requests'];
                }
                $state['pending'] = [];
            }
            $state['failures'] = min($state['failures'] + 1, 30);
            $state['retryAt'] = $now + min($config->flushSeconds, 1 << min($state['failures'], 6));
        }

        return $state;
    }

    /**
     * Files OPcache preloaded cost nothing to load at runtime (even when the app still includes them),
     * so they do not count. Asked once per flush, not per request, and only when a preload script is
     * configured.
     *
     * @param list<Batch> $batches
     *
     * @return list<Batch>
     */
    private static function withoutPreloaded(array $batches): array
    {
        if ('' === (string) \ini_get('opcache.preload') || !\function_exists('opcache_get_status')) {
            return $batches;
        }
        $status = @opcache_get_status(false);
        $scripts = \is_array($status) ? ($status['preload_statistics']['scripts'] ?? []) : [];
        if (!\is_array($scripts) || [] === $scripts) {
            return $batches;
        }
        foreach ($batches as $i => $batch) {
            foreach ($scripts as $script) {
                if (\is_string($script)) {
                    unset($batch['files'][$script], $batch['required'][$script]);
                }
            }
            $batches[$i] = $batch;
        }

        return $batches;
    }
}

/** Finishes the request's recording when PHP destroys it, for requests whose shutdown functions were cut short by exit. */
final class Finisher
{
    public function __destruct()
    {
        Recorder::finish();
    }
}

/**
 * Tells which files a request included from inside an autoloader. A file the app includes only with
 * an explicit require may be preloaded even when its top level runs code: PHP still runs that code at
 * the require (declarations OPcache preloaded are skipped). A file an autoloader includes may not:
 * preloaded, its class exists already, the autoloader is never asked and its code never runs.
 *
 * It registers, when the recorder starts and before the app registers any autoloader, one autoloader
 * of its own in front of the others. Asked for a class, it calls the others itself, in their order,
 * until the class exists (as PHP would) and notes every file included meanwhile. Only when the class
 * still does not exist PHP goes on to ask the others again, which costs a second lookup of a missing
 * class and changes nothing else. It stops knowing (and the request counts as unknown) when it was not
 * registered first, when an autoloader was put in front of it, or when it was removed.
 */
final class AutoloadWitness
{
    private static ?\Closure $loader = null;

    /** @var array<string, true> */
    private static array $autoloaded = [];

    private static bool $blind = true;

    private static int $depth = 0;

    public static function install(): void
    {
        if (null !== self::$loader || [] !== spl_autoload_functions()) {
            return; // an autoloader ran before us, unseen: this request tells nothing
        }
        self::$loader = static function (string $class): void {
            self::load($class);
        };
        self::$blind = !spl_autoload_register(self::$loader, true, true);
    }

    /** @return array<string, true>|null null when this request cannot tell */
    public static function autoloadedFiles(): ?array
    {
        $loaders = spl_autoload_functions();
        if (self::$blind || !isset($loaders[0]) || $loaders[0] !== self::$loader) {
            return null;
        }

        return self::$autoloaded;
    }

    private static function load(string $class): void
    {
        $loaders = spl_autoload_functions();
        if (self::$blind || $loaders[0] !== self::$loader) {
            self::$blind = true; // another autoloader was put in front: what it loaded went unseen

            return;
        }
        // Only the outermost autoload reads the included files (a few µs for hundreds of files): what
        // nested ones (a parent class, an interface) include falls within its window anyway.
        $outermost = 0 === self::$depth++;
        $before = $outermost ? \count(get_included_files()) : 0;
        try {
            foreach (\array_slice($loaders, 1) as $loader) {
                $loader($class);
                if (class_exists($class, false) || interface_exists($class, false) || trait_exists($class, false)) {
                    return;
                }
            }
        } finally {
            --self::$depth;
            if ($outermost) {
                foreach (\array_slice(get_included_files(), $before) as $file) {
                    self::$autoloaded[$file] = true;
                }
            }
        }
    }
}

/**
 * The recorder's settings, checked. Keys: store (a DSN string or an array, required), sample (1 in N
 * requests, default 10), batch (sampled requests per batch, default 50), flushSeconds (default 60),
 * base (list of directories; only files under them count; default all), exclude (list of files never
 * counted), server (default gethostname()), buffer (auto, apcu or file), bufferDir (a directory of the
 * worker's user that no one else can write; default preheat-recorder-UID under the temp dir, created 0700).
 */
final class Config
{
    public const KEYS = ['store', 'sample', 'batch', 'flushSeconds', 'base', 'exclude', 'server', 'buffer', 'bufferDir'];

    /**
     * @param array<string, mixed> $store   normalized by StoreDsn
     * @param list<string>         $base    each ending in /
     * @param array<string, true>  $exclude
     */
    private function __construct(
        public readonly array $store,
        public readonly int $sample,
        public readonly int $batch,
        public readonly int $flushSeconds,
        public readonly array $base,
        public readonly array $exclude,
        private readonly ?string $server,
        public readonly string $buffer,
        public readonly string $bufferDir,
    ) {
    }

    /**
     * @param array<string, mixed> $config
     *
     * @throws \InvalidArgumentException naming the key and what to do
     */
    public static function fromArray(array $config): self
    {
        foreach ($config as $key => $value) {
            if (!\in_array($key, self::KEYS, true)) {
                throw new \InvalidArgumentException(\sprintf('Unknown recorder setting "%s": known settings are %s.', $key, implode(', ', self::KEYS)));
            }
        }
        if (!isset($config['store'])) {
            throw new \InvalidArgumentException('The recorder needs a "store": a file path, file://PATH or redis://HOST:PORT/DB?prefix=PREFIX.');
        }
        $store = $config['store'];
        if (!\is_string($store) && !\is_array($store)) {
            throw new \InvalidArgumentException('Recorder setting "store" must be a DSN string or an array.');
        }
        $exclude = [__FILE__ => true];
        foreach (self::strings($config, 'exclude') as $file) {
            $exclude[$file] = true;
        }
        $base = array_map(static fn (string $d): string => rtrim($d, '/').'/', self::strings($config, 'base'));
        $buffer = $config['buffer'] ?? 'auto';
        if (!\in_array($buffer, ['auto', 'apcu', 'file'], true)) {
            throw new \InvalidArgumentException('Recorder setting "buffer" must be auto, apcu or file.');
        }
        $server = $config['server'] ?? null;
        if (null !== $server && (!\is_string($server) || '' === $server || str_contains($server, ','))) {
            throw new \InvalidArgumentException('Recorder setting "server" must be a name without commas.');
        }
        $bufferDir = $config['bufferDir'] ?? self::defaultBufferDir();
        if (!\is_string($bufferDir) || '' === $bufferDir) {
            throw new \InvalidArgumentException('Recorder setting "bufferDir" must be a directory.');
        }

        return new self(
            StoreDsn::normalize($store),
            self::positive($config, 'sample', 10),
            self::positive($config, 'batch', 50),
            self::positive($config, 'flushSeconds', 60),
            $base,
            $exclude,
            $server,
            $buffer,
            rtrim($bufferDir, '/'),
        );
    }

    public function server(): string
    {
        return $this->server ?? (string) gethostname();
    }

    /** Names this recorder's buffers, so that two apps on one machine keep theirs apart. */
    public function namespace(): string
    {
        $user = \function_exists('posix_geteuid') ? posix_geteuid() : '';

        return substr(md5(serialize([$this->store, $this->base, $user])), 0, 12);
    }

    public function buffer(): Buffer
    {
        $apcu = 'file' !== $this->buffer && \function_exists('apcu_enabled') && apcu_enabled();

        return $apcu ? new ApcuBuffer($this->namespace()) : new FileBuffer($this->bufferDir, $this->namespace());
    }

    /** A directory per user under the temp dir, so that workers never write where another user can plant files. */
    public static function defaultBufferDir(?int $uid = null): string
    {
        $uid ??= \function_exists('posix_geteuid') ? posix_geteuid() : null;

        return rtrim(sys_get_temp_dir(), '/').'/preheat-recorder-'.($uid ?? 'unknown');
    }

    /** @param array<string, mixed> $config */
    private static function positive(array $config, string $key, int $default): int
    {
        $value = $config[$key] ?? $default;
        if (!\is_int($value) || $value < 1) {
            throw new \InvalidArgumentException(\sprintf('Recorder setting "%s" must be a whole number of at least 1.', $key));
        }

        return $value;
    }

    /**
     * @param array<string, mixed> $config
     *
     * @return list<string>
     */
    private static function strings(array $config, string $key): array
    {
        $values = $config[$key] ?? [];
        if (!\is_array($values)) {
            throw new \InvalidArgumentException(\sprintf('Recorder setting "%s" must be a list of paths.', $key));
        }
        $strings = [];
        foreach ($values as $value) {
            if (!\is_string($value) || '' === $value) {
                throw new \InvalidArgumentException(\sprintf('Recorder setting "%s" must be a list of paths.', $key));
            }
            $strings[] = $value;
        }

        return $strings;
    }
}

/**
 * A worker's counts between two flushes.
 *
 * @phpstan-import-type State from Recorder
 * @phpstan-import-type Open from Recorder
 */
final class WorkerState
{
    /** @return State */
    public static function fresh(): array
    {
        return ['v' => Recorder::FORMAT, 'pid' => (int) getmypid(), 'open' => self::open(), 'pending' => [], 'dropped' => 0, 'failures' => 0, 'retryAt' => 0];
    }

    /** @return Open */
    public static function open(): array
    {
        return ['requests' => 0, 'files' => [], 'from' => 0, 'to' => 0];
    }

    /** @return State|null */
    public static function check(mixed $state): ?array
    {
        // Every key, so that a damaged buffer can never raise a warning in the app.
        if (!\is_array($state) || Recorder::FORMAT !== ($state['v'] ?? null) || !\is_array($state['pending'] ?? null)
            || !\is_int($state['pid'] ?? null) || !\is_int($state['dropped'] ?? null) || !\is_int($state['failures'] ?? null) || !\is_int($state['retryAt'] ?? null)
            || !\is_array($open = $state['open'] ?? null) || !\is_int($open['requests'] ?? null) || !\is_array($open['files'] ?? null) || !\is_int($open['from'] ?? null) || !\is_int($open['to'] ?? null)
            || !\is_array($open['required'] ?? [])) {
            return null;
        }

        /** @var State $state */
        return $state;
    }

    /** @param State $state */
    public static function isEmpty(array $state): bool
    {
        return 0 === $state['open']['requests'] && [] === $state['pending'] && 0 === $state['dropped'];
    }
}

/**
 * Where a worker keeps its counts between requests.
 *
 * @phpstan-import-type State from Recorder
 */
interface Buffer
{
    /** Whether counts can be kept here between requests (if not, each request is written at once). */
    public function usable(): bool;

    /** @return State */
    public function load(): array;

    /** @param State $state */
    public function save(array $state): void;

    /**
     * Takes over the counts of workers that died before they flushed (each taken by one worker only).
     *
     * @return list<State>
     */
    public function adoptOrphans(): array;
}

/**
 * Counts in APCu, one entry per worker, in the shared memory of the php-fpm pool.
 *
 * @phpstan-import-type State from Recorder
 */
final class ApcuBuffer implements Buffer
{
    private readonly string $prefix;

    public function __construct(string $namespace)
    {
        $this->prefix = 'preheat-recorder:'.$namespace.':';
    }

    public function usable(): bool
    {
        return true;
    }

    public function load(): array
    {
        $state = apcu_fetch($this->prefix.getmypid());

        return WorkerState::check($state) ?? WorkerState::fresh();
    }

    public function save(array $state): void
    {
        if (WorkerState::isEmpty($state)) {
            apcu_delete($this->prefix.getmypid());
        } else {
            apcu_store($this->prefix.getmypid(), $state);
        }
    }

    public function adoptOrphans(): array
    {
        $orphans = [];
        $pattern = '/^'.preg_quote($this->prefix, '/').'(\d+)$/';
        foreach (new \APCUIterator($pattern, \APC_ITER_KEY) as $entry) {
            $key = \is_array($entry) && \is_string($entry['key'] ?? null) ? $entry['key'] : '';
            $pid = (int) substr($key, \strlen($this->prefix));
            if ('' === $key || $pid === getmypid() || Processes::alive($pid)) {
                continue;
            }
            if (!apcu_add($key.':claimed', 1, 60)) {
                continue;
            }
            $state = WorkerState::check(apcu_fetch($key));
            apcu_delete($key);
            apcu_delete($key.':claimed');
            if (null !== $state) {
                $orphans[] = $state;
            }
        }

        return $orphans;
    }
}

/**
 * Counts in a file per worker, in a directory only the worker's user can write (OwnDirectory), and
 * never through a link: a file is created with O_EXCL ('x'), which refuses a symlink planted at its
 * path, and links are neither read nor adopted. Crash-safe without replacing a file: each save writes
 * the slot not in use (-a or -b), then deletes the other; a load takes the newest whole one.
 * (Writing over a file, or renaming onto one, makes ext4 allocate its blocks at once: 4 times slower.).
 *
 * @phpstan-import-type State from Recorder
 */
final class FileBuffer implements Buffer
{
    private readonly string $prefix;
    /** The slot the last load or save used, if any. */
    private ?string $current = null;
    private ?bool $usable = null;

    public function __construct(private readonly string $directory, private readonly string $namespace)
    {
        $this->prefix = $directory.'/preheat-recorder-'.$namespace.'-'.getmypid().'-';
    }

    public function usable(): bool
    {
        return $this->usable ??= OwnDirectory::ensure($this->directory);
    }

    public function load(): array
    {
        $newest = null;
        if (!$this->usable()) {
            return WorkerState::fresh();
        }
        foreach (['a', 'b'] as $slot) {
            $path = $this->prefix.$slot.'.buf';
            $state = self::read($path);
            if (null !== $state && (null === $newest || ($state['gen'] ?? 0) > ($newest['gen'] ?? 0))) {
                $newest = $state;
                $this->current = $path;
            }
        }

        return $newest ?? WorkerState::fresh();
    }

    public function save(array $state): void
    {
        if (!$this->usable()) {
            return;
        }
        $a = $this->prefix.'a.buf';
        $b = $this->prefix.'b.buf';
        if (WorkerState::isEmpty($state)) {
            foreach ([$a, $b] as $path) {
                if (file_exists($path) || is_link($path)) {
                    @unlink($path);
                }
            }
            $this->current = null;

            return;
        }
        $next = $a === $this->current ? $b : $a;
        $state['gen'] = ($state['gen'] ?? 0) + 1;
        if (!self::create($next, serialize($state))) {
            @unlink($next); // disk full: the other slot still holds the previous counts

            return;
        }
        foreach ([$a, $b] as $path) {
            if ($path !== $next && (file_exists($path) || is_link($path))) {
                @unlink($path);
            }
        }
        $this->current = $next;
    }

    public function adoptOrphans(): array
    {
        if (!$this->usable()) {
            return [];
        }
        $mine = (int) getmypid();
        $claimedByPid = [];
        $pattern = $this->directory.'/preheat-recorder-'.$this->namespace.'-*-[ab].buf';
        foreach (glob($pattern) ?: [] as $file) {
            $pid = (int) substr($file, \strlen($this->directory.'/preheat-recorder-'.$this->namespace.'-'), -\strlen('-a.buf'));
            if ($pid === $mine || Processes::alive($pid)) {
                continue;
            }
            $claimed = $file.'.'.$mine.'.adopting';
            if (@rename($file, $claimed)) { // only one worker can take it (rename moves a link, never its target)
                $claimedByPid[$pid][] = $claimed;
            }
        }
        $orphans = [];
        foreach ($claimedByPid as $files) {
            $newest = null;
            foreach ($files as $file) {
                $state = self::read($file);
                @unlink($file);
                if (null !== $state && (null === $newest || ($state['gen'] ?? 0) > ($newest['gen'] ?? 0))) {
                    $newest = $state;
                }
            }
            if (null !== $newest) {
                $orphans[] = $newest;
            }
        }

        return $orphans;
    }

    /** Writes a new file; never follows a link at $path ('x' is O_CREAT|O_EXCL: a link there makes it fail). */
    private static function create(string $path, string $data): bool
    {
        $handle = @fopen($path, 'x');
        if (false === $handle) {
            @unlink($path); // a stale file, or a link: unlink removes the link itself
            $handle = @fopen($path, 'x');
            if (false === $handle) {
                return false;
            }
        }
        // The worker's alone whatever its umask, before anything is in it.
        $written = @chmod($path, 0o600) ? @fwrite($handle, $data) : false;
        fclose($handle);

        return $written === \strlen($data);
    }

    /** @return State|null */
    private static function read(string $path): ?array
    {
        if (is_link($path) || !is_file($path)) {
            return null;
        }
        $data = @file_get_contents($path);

        return false === $data ? null : WorkerState::check(@unserialize($data, ['allowed_classes' => false]));
    }
}

/**
 * A directory where a worker may keep files: a real directory (not a link), owned by the process's
 * user, that neither its group nor others can write. Anything else could be a trap another local user
 * set (files or links planted where workers write), so it is not used.
 */
final class OwnDirectory
{
    /** Creates the directory (0700) when it is missing and its parent exists; then checks it. */
    public static function ensure(string $directory): bool
    {
        if (!\function_exists('posix_geteuid')) {
            return false; // ownership cannot be told
        }
        if (false === @lstat($directory)) {
            @mkdir($directory, 0700);
        }
        $stat = @lstat($directory);

        return false !== $stat && 0040000 === ($stat['mode'] & 0170000) && $stat['uid'] === posix_geteuid() && 0 === ($stat['mode'] & 0022);
    }
}

final class Processes
{
    /** Whether a process runs; when that cannot be told, it is assumed to (its counts are left alone). */
    public static function alive(int $pid): bool
    {
        if ($pid < 1) {
            return false;
        }
        if (\function_exists('posix_kill')) {
            return posix_kill($pid, 0) || 1 === posix_get_last_error(); // EPERM: it runs, as someone else
        }

        return !is_dir('/proc/self') || is_dir('/proc/'.$pid);
    }
}

/**
 * Where batches go.
 *
 * @phpstan-import-type Batch from Recorder
 */
interface Sink
{
    /**
     * Writes every batch or throws: a failure leaves the store as it was, or with at most one damaged record.
     *
     * @param list<Batch> $batches
     *
     * @throws SinkError
     */
    public function write(array $batches): void;
}

final class SinkError extends \RuntimeException
{
    /**
     * Codes: nothing listens at the address, or it stopped answering (closed the connection, or did not
     * answer in time); it refused the connection setup; it answered something that is not Redis's answer.
     */
    public const UNREACHABLE = 1;
    public const SETUP_REFUSED = 2;
    public const MALFORMED = 3;
}

final class Sinks
{
    /** @param array<string, mixed>|string $store a DSN or a normalized store config */
    public static function fromConfig(array|string $store): Sink
    {
        $store = StoreDsn::normalize($store);

        return 'redis' === $store['type'] ? RedisSink::fromConfig($store) : new FileSink((string) $store['path']);
    }
}

/**
 * Parses and checks where the recorder writes: a path, file://PATH, or
 * redis://[[user]:password@]host[:port][/db][?prefix=PREFIX&timeout=SECONDS&readTimeout=SECONDS]: `timeout`
 * bounds connecting, `readTimeout` the whole exchange that follows (not each read).
 */
final class StoreDsn
{
    public const DEFAULT_PREFIX = 'preheat:';
    public const DEFAULT_PORT = 6379;

    /**
     * @param array<string, mixed>|string $store
     *
     * @return array<string, mixed> type=file with path, or type=redis with host, port, db, prefix, user, password, timeout, readTimeout
     *
     * @throws \InvalidArgumentException saying what is wrong
     */
    public static function normalize(array|string $store, string $baseDirectory = ''): array
    {
        if (\is_string($store)) {
            return self::parse($store, $baseDirectory);
        }
        $type = $store['type'] ?? null;
        if ('file' === $type && \is_string($store['path'] ?? null) && '' !== $store['path']) {
            return ['type' => 'file', 'path' => $store['path']];
        }
        if ('redis' !== $type || !\is_string($store['host'] ?? null) || '' === $store['host']) {
            throw new \InvalidArgumentException('A store array needs type "file" with a path, or type "redis" with a host.');
        }

        return [
            'type' => 'redis',
            'host' => $store['host'],
            'port' => self::int($store['port'] ?? self::DEFAULT_PORT, 1, 65535, 'port'),
            'db' => self::int($store['db'] ?? 0, 0, 1 << 20, 'db'),
            'prefix' => \is_string($store['prefix'] ?? null) ? $store['prefix'] : self::DEFAULT_PREFIX,
            'user' => \is_string($store['user'] ?? null) ? $store['user'] : null,
            'password' => \is_string($store['password'] ?? null) ? $store['password'] : null,
            'timeout' => self::seconds($store['timeout'] ?? 0.05, 'timeout'),
            'readTimeout' => self::seconds($store['readTimeout'] ?? 0.1, 'readTimeout'),
        ];
    }

    /** @return array<string, mixed> */
    public static function parse(string $dsn, string $baseDirectory = ''): array
    {
        if ('' === trim($dsn)) {
            throw new \InvalidArgumentException('The store is empty: give a file path, file://PATH or redis://HOST:PORT/DB.');
        }
        if (1 !== preg_match('~^([a-z][a-z0-9+.-]*)://(.*)$~is', $dsn, $match)) {
            return ['type' => 'file', 'path' => self::absolute($dsn, $baseDirectory)];
        }
        $scheme = strtolower($match[1]);
        if ('file' === $scheme) {
            if ('' === $match[2]) {
                throw new \InvalidArgumentException(\sprintf('"%s" names no file: write file:///absolute/path or a plain path.', $dsn));
            }

            return ['type' => 'file', 'path' => self::absolute(rawurldecode($match[2]), $baseDirectory)];
        }
        if ('redis' !== $scheme) {
            throw new \InvalidArgumentException(\sprintf('Unsupported store "%s": use a file path, file://PATH or redis://HOST:PORT/DB?prefix=PREFIX.', $dsn));
        }
        $parts = parse_url($dsn);
        if (false === $parts || !isset($parts['host']) || '' === $parts['host']) {
            throw new \InvalidArgumentException(\sprintf('Cannot read the Redis address "%s": write redis://HOST:PORT/DB?prefix=PREFIX, e.g. redis://127.0.0.1:6379/0.', $dsn));
        }
        $path = trim($parts['path'] ?? '', '/');
        if ('' !== $path && 1 !== preg_match('/^\d+$/', $path)) {
            throw new \InvalidArgumentException(\sprintf('The Redis database in "%s" must be a number, e.g. redis://%s:%d/0.', $dsn, $parts['host'], $parts['port'] ?? self::DEFAULT_PORT));
        }
        parse_str($parts['query'] ?? '', $query);
        foreach (array_keys($query) as $key) {
            if (!\in_array($key, ['prefix', 'timeout', 'readTimeout'], true)) {
                throw new \InvalidArgumentException(\sprintf('Unknown Redis option "%s" in "%s": known options are prefix, timeout and readTimeout.', $key, $dsn));
            }
        }
        $host = trim($parts['host'], '[]');

        return self::normalize([
            'type' => 'redis',
            'host' => $host,
            'port' => $parts['port'] ?? self::DEFAULT_PORT,
            'db' => '' === $path ? 0 : (int) $path,
            'prefix' => \is_string($query['prefix'] ?? null) ? $query['prefix'] : self::DEFAULT_PREFIX,
            'user' => isset($parts['user']) && '' !== $parts['user'] ? rawurldecode($parts['user']) : null,
            'password' => isset($parts['pass']) ? rawurldecode($parts['pass']) : null,
            'timeout' => isset($query['timeout']) && is_numeric($query['timeout']) ? (float) $query['timeout'] : ($query['timeout'] ?? 0.05),
            'readTimeout' => isset($query['readTimeout']) && is_numeric($query['readTimeout']) ? (float) $query['readTimeout'] : ($query['readTimeout'] ?? 0.1),
        ]);
    }

    /** @param array<string, mixed> $store */
    public static function describe(array $store): string
    {
        if ('file' === $store['type']) {
            return (string) $store['path'];
        }
        $host = str_contains((string) $store['host'], ':') ? '['.$store['host'].']' : (string) $store['host'];

        return \sprintf('redis://%s:%d/%d?prefix=%s', $host, $store['port'], $store['db'], rawurlencode((string) $store['prefix']));
    }

    private static function absolute(string $path, string $baseDirectory): string
    {
        return '' === $baseDirectory || str_starts_with($path, '/') ? $path : rtrim($baseDirectory, '/').'/'.$path;
    }

    private static function int(mixed $value, int $min, int $max, string $what): int
    {
        if (\is_string($value) && 1 === preg_match('/^\d+$/', $value)) {
            $value = (int) $value;
        }
        if (!\is_int($value) || $value < $min || $value > $max) {
            throw new \InvalidArgumentException(\sprintf('The Redis %s must be a whole number from %d to %d.', $what, $min, $max));
        }

        return $value;
    }

    private static function seconds(mixed $value, string $what): float
    {
        if ((!\is_int($value) && !\is_float($value)) || $value <= 0 || $value > 3600) {
            throw new \InvalidArgumentException(\sprintf('The Redis %s must be a number of seconds above 0, e.g. 0.05.', $what));
        }

        return (float) $value;
    }
}

/**
 * Appends one JSON line per batch to a file:
 * {"v":2,"server":...,"pid":...,"from":...,"to":...,"requests":N,"files":{"/abs/path.php":count,...},"required":{...}}
 * (plus "dropped":N when batches were dropped while the store was unreachable; "required" counts, per
 * file, the requests that loaded it outside any autoloader, when the recorder could tell). Writers take an
 * exclusive lock and write all their lines with one fwrite; a writer that died mid-line leaves a line
 * without its "\n", which the next writer ends first, so that a torn record damages only itself.
 *
 * @phpstan-import-type Batch from Recorder
 */
final class FileSink implements Sink
{
    /** @param float $lockSeconds how long to wait for the lock before giving up (a request keeps its counts for later) */
    public function __construct(public readonly string $path, private readonly float $lockSeconds = 0.1)
    {
    }

    /** @param Batch $batch */
    public static function encode(array $batch): string
    {
        $record = ['v' => Recorder::FORMAT, 'server' => $batch['server'], 'pid' => $batch['pid'], 'from' => $batch['from'], 'to' => $batch['to'], 'requests' => $batch['requests']];
        if (($batch['dropped'] ?? 0) > 0) {
            $record['dropped'] = $batch['dropped'];
        }
        $record['files'] = $batch['files'];
        if ([] !== ($batch['required'] ?? [])) {
            $record['required'] = $batch['required'];
        }

        return (string) json_encode($record, \JSON_UNESCAPED_SLASHES | \JSON_UNESCAPED_UNICODE | \JSON_INVALID_UTF8_SUBSTITUTE | \JSON_FORCE_OBJECT);
    }

    public function write(array $batches): void
    {
        if ([] === $batches) {
            return;
        }
        $lines = '';
        foreach ($batches as $batch) {
            $lines .= self::encode($batch)."\n";
        }
        $directory = \dirname($this->path);
        if (!is_dir($directory)) {
            throw new SinkError(\sprintf('directory %s does not exist', $directory));
        }
        // A store it creates is 0644 whatever the worker's umask; an existing one keeps the mode it was given.
        $created = @fopen($this->path, 'x');
        if (false !== $created) {
            @chmod($this->path, 0o644);
            fclose($created);
        }
        $handle = @fopen($this->path, 'a+');
        if (false === $handle) {
            throw new SinkError(\sprintf('cannot open %s for appending', $this->path));
        }
        try {
            $deadline = microtime(true) + $this->lockSeconds;
            while (!flock($handle, \LOCK_EX | \LOCK_NB)) {
                if (microtime(true) > $deadline) {
                    throw new SinkError(\sprintf('%s stayed locked by another writer', $this->path));
                }
                usleep(1000);
            }
            try {
                $stat = fstat($handle);
                $size = false === $stat ? 0 : $stat['size'];
                if ($size > 0 && 0 === fseek($handle, $size - 1) && "\n" !== fread($handle, 1)) {
                    $lines = "\n".$lines; // a writer died mid-line: end its line so ours stays whole
                }
                $written = @fwrite($handle, $lines);
                fflush($handle);
                if ($written !== \strlen($lines)) {
                    throw new SinkError(\sprintf('wrote %d of %d bytes to %s (is the disk full?)', (int) $written, \strlen($lines), $this->path));
                }
            } finally {
                flock($handle, \LOCK_UN);
            }
        } finally {
            fclose($handle);
        }
    }
}

/**
 * Adds batches to Redis in one MULTI/EXEC: HINCRBY PREFIXfiles PATH COUNT per file (and PREFIXrequired), INCRBY
 * PREFIXrequests, PREFIXbatches (and PREFIXdropped), the window as a sorted set PREFIXwindow that keeps
 * only its lowest and highest timestamps, SADD PREFIXservers, SET PREFIXversion 1 NX.
 *
 * @phpstan-import-type Batch from Recorder
 */
final class RedisSink implements Sink
{
    /** @param array<string, mixed> $target normalized by StoreDsn */
    private function __construct(private readonly array $target)
    {
    }

    /** @param array<string, mixed> $store */
    public static function fromConfig(array $store): self
    {
        return new self(StoreDsn::normalize($store));
    }

    /**
     * The commands that add batches, between MULTI and EXEC.
     *
     * @param list<Batch> $batches
     *
     * @return list<list<string>>
     */
    public static function commands(array $batches, string $prefix): array
    {
        $files = $required = [];
        $requests = $dropped = 0;
        $from = \PHP_INT_MAX;
        $to = 0;
        $servers = [];
        foreach ($batches as $batch) {
            foreach ($batch['files'] as $file => $count) {
                $files[$file] = ($files[$file] ?? 0) + $count;
            }
            foreach ($batch['required'] ?? [] as $file => $count) {
                $required[$file] = ($required[$file] ?? 0) + $count;
            }
            $requests += $batch['requests'];
            $dropped += $batch['dropped'] ?? 0;
            $from = min($from, $batch['from']);
            $to = max($to, $batch['to']);
            foreach (explode(',', $batch['server']) as $server) {
                if ('' !== $server) {
                    $servers[$server] = true;
                }
            }
        }
        $commands = [];
        foreach ($files as $file => $count) {
            $commands[] = ['HINCRBY', $prefix.'files', (string) $file, (string) $count];
        }
        foreach ($required as $file => $count) {
            $commands[] = ['HINCRBY', $prefix.'required', (string) $file, (string) $count];
        }
        $commands[] = ['INCRBY', $prefix.'requests', (string) $requests];
        $commands[] = ['INCRBY', $prefix.'batches', (string) \count($batches)];
        if ($dropped > 0) {
            $commands[] = ['INCRBY', $prefix.'dropped', (string) $dropped];
        }
        if ($requests > 0) {
            $commands[] = ['ZADD', $prefix.'window', (string) $from, (string) $from, (string) $to, (string) $to];
            $commands[] = ['ZREMRANGEBYRANK', $prefix.'window', '1', '-2'];
        }
        if ([] !== $servers) {
            $commands[] = ['SADD', $prefix.'servers', ...array_map('strval', array_keys($servers))];
        }
        $commands[] = ['SET', $prefix.'version', (string) Recorder::FORMAT, 'NX'];

        return $commands;
    }

    public function write(array $batches): void
    {
        if ([] === $batches) {
            return;
        }
        $commands = self::commands($batches, (string) $this->target['prefix']);
        // The setup's two replies, MULTI's and EXEC's, and one per command.
        $client = RespClient::open($this->target, (\count($commands) + 4) * RespClient::REPLY_BYTES_PER_COMMAND);
        try {
            $client->transaction($commands);
        } finally {
            $client->close();
        }
    }
}

/** An error reply from Redis. */
final class RespError
{
    public function __construct(public readonly string $message)
    {
    }
}

/**
 * Just enough of the Redis protocol (RESP2) over a socket: pipelines and transactions. Whatever the peer
 * does, an exchange ends in bounded time and memory: one deadline for all of it (a peer that answers a
 * byte at a time cannot stretch it), at most `maxReplyBytes` received, no line, string or array longer
 * than the bytes that may still come, and arrays nested at most MAX_DEPTH deep.
 */
final class RespClient
{
    /** Arrays in arrays: EXEC's replies hold HGETALL's, nothing we send nests deeper. */
    public const MAX_DEPTH = 4;

    /** A status, error, integer or length line: a few bytes from Redis, an error message at most. */
    public const MAX_LINE_BYTES = 65536;

    /** A bulk string: a file's path, a count, a server's name. */
    public const MAX_BULK_BYTES = 1 << 20;

    /** What a recorder accepts per command it sends: +QUEUED, then a number or an error line in EXEC's answer. */
    public const REPLY_BYTES_PER_COMMAND = 128;

    private string $buffer = '';
    private int $offset = 0;
    private int $received = 0;

    /** @param resource $socket */
    private function __construct(
        private $socket,
        public readonly string $address,
        private readonly float $deadline,
        private readonly float $seconds,
        private readonly int $maxReplyBytes,
    ) {
    }

    /**
     * Connects, authenticates and selects the database. The exchange that follows, setup included, ends
     * `readTimeout` seconds after connecting, and receives at most $maxReplyBytes.
     *
     * @param array<string, mixed> $target normalized by StoreDsn
     *
     * @throws SinkError
     */
    public static function open(array $target, int $maxReplyBytes = 1 << 20): self
    {
        $host = (string) $target['host'];
        $address = (str_contains($host, ':') ? '['.$host.']' : $host).':'.(int) $target['port'];
        $errno = 0;
        $error = '';
        $socket = @stream_socket_client('tcp://'.$address, $errno, $error, (float) $target['timeout']);
        if (false === $socket) {
            throw new SinkError('' !== (string) $error ? (string) $error : 'connection failed', SinkError::UNREACHABLE);
        }
        $read = (float) $target['readTimeout'];
        $client = new self($socket, $address, microtime(true) + $read, $read, $maxReplyBytes);
        $setup = [];
        if (null !== $target['password']) {
            $setup[] = null === $target['user'] ? ['AUTH', (string) $target['password']] : ['AUTH', (string) $target['user'], (string) $target['password']];
        }
        if (0 !== $target['db']) {
            $setup[] = ['SELECT', (string) $target['db']];
        }
        if ([] !== $setup) {
            try {
                foreach ($client->pipeline($setup) as $reply) {
                    if ($reply instanceof RespError) {
                        throw new SinkError(\sprintf('%s refused the connection setup: %s', $address, $reply->message), SinkError::SETUP_REFUSED);
                    }
                }
            } catch (SinkError $e) {
                $client->close();
                throw $e;
            }
        }

        return $client;
    }

    /**
     * Runs commands as one MULTI/EXEC, in one round trip; returns EXEC's replies.
     *
     * @param list<list<string>> $commands
     *
     * @return list<mixed>
     *
     * @throws SinkError when Redis refuses a command or the transaction
     */
    public function transaction(array $commands): array
    {
        $replies = $this->pipeline([['MULTI'], ...$commands, ['EXEC']]);
        $result = $replies[\count($replies) - 1];
        foreach ($replies as $reply) {
            if ($reply instanceof RespError) {
                throw new SinkError(\sprintf('%s answered: %s', $this->address, $reply->message));
            }
        }
        if (!\is_array($result)) {
            throw new SinkError(\sprintf('%s aborted the transaction', $this->address));
        }
        foreach ($result as $reply) {
            if ($reply instanceof RespError) {
                throw new SinkError(\sprintf('%s answered: %s', $this->address, $reply->message));
            }
        }

        return array_values($result);
    }

    /**
     * Sends every command, then reads every reply.
     *
     * @param list<list<string>> $commands
     *
     * @return list<mixed> string, int, null, list<mixed> or RespError per command
     *
     * @throws SinkError
     */
    public function pipeline(array $commands): array
    {
        $payload = '';
        foreach ($commands as $command) {
            $payload .= '*'.\count($command)."\r\n";
            foreach ($command as $argument) {
                $payload .= '$'.\strlen($argument)."\r\n".$argument."\r\n";
            }
        }
        for ($offset = 0, $length = \strlen($payload); $offset < $length; $offset += $written) {
            $this->waitAtMostTheTimeLeft();
            $written = @fwrite($this->socket, 0 === $offset ? $payload : substr($payload, $offset));
            if (false === $written || 0 === $written) {
                throw new SinkError(\sprintf('cannot send to %s%s', $this->address, $this->timedOut() ? ' (timed out)' : ''), SinkError::UNREACHABLE);
            }
        }
        $replies = [];
        foreach ($commands as $ignored) {
            $replies[] = $this->reply(0);
        }

        return $replies;
    }

    public function close(): void
    {
        @fclose($this->socket);
    }

    private function reply(int $depth): mixed
    {
        $line = $this->line();
        $payload = substr($line, 1);

        return match ($line[0] ?? '') {
            '+' => $payload,
            '-' => new RespError($payload),
            ':' => 1 === preg_match('/^-?\d{1,19}$/D', $payload) ? (int) $payload : throw $this->malformed('a number that is not one'),
            '$' => $this->bulk($this->length($payload, self::MAX_BULK_BYTES)),
            '*' => $this->array($this->length($payload, intdiv($this->bytesLeft(), 3)), $depth),
            default => throw $this->malformed('something that is not the Redis protocol'),
        };
    }

    /** A length that the bytes still to come can hold (an array's item takes 3 bytes at least); -1 is null. */
    private function length(string $payload, int $most): int
    {
        if (1 !== preg_match('/^(?:-1|\d{1,19})$/D', $payload)) {
            throw $this->malformed('a length that is not a number');
        }
        $length = (int) $payload;
        if ($length > $most || $length > $this->bytesLeft()) {
            throw $this->malformed(\sprintf('a length of %s, more than its answer may hold', $payload));
        }

        return $length;
    }

    private function bulk(int $length): ?string
    {
        if ($length < 0) {
            return null;
        }
        while (\strlen($this->buffer) - $this->offset < $length + 2) {
            $this->fill();
        }
        if ("\r\n" !== substr($this->buffer, $this->offset + $length, 2)) {
            throw $this->malformed('a string longer than it said');
        }
        $data = substr($this->buffer, $this->offset, $length);
        $this->offset += $length + 2;

        return $data;
    }

    /** @return list<mixed>|null */
    private function array(int $count, int $depth): ?array
    {
        if ($count < 0) {
            return null;
        }
        if ($depth >= self::MAX_DEPTH) {
            throw $this->malformed(\sprintf('arrays nested more than %d deep', self::MAX_DEPTH));
        }
        $items = [];
        for ($i = 0; $i < $count; ++$i) {
            $items[] = $this->reply($depth + 1);
        }

        return $items;
    }

    /** The next line, without its "\r\n". */
    private function line(): string
    {
        while (false === ($end = strpos($this->buffer, "\r\n", $this->offset))) {
            if (\strlen($this->buffer) - $this->offset > self::MAX_LINE_BYTES) {
                throw $this->malformed(\sprintf('a line longer than %d bytes', self::MAX_LINE_BYTES));
            }
            $this->fill();
        }
        if ($end - $this->offset > self::MAX_LINE_BYTES) {
            throw $this->malformed(\sprintf('a line longer than %d bytes', self::MAX_LINE_BYTES));
        }
        $line = substr($this->buffer, $this->offset, $end - $this->offset);
        $this->offset = $end + 2;

        return $line;
    }

    /** Reads what has arrived (at least a byte), counting it against maxReplyBytes. */
    private function fill(): void
    {
        $this->waitAtMostTheTimeLeft();
        $chunk = fread($this->socket, 65536);
        if (false === $chunk || '' === $chunk) {
            throw new SinkError(\sprintf('no answer from %s%s', $this->address, $this->timedOut() ? ' (timed out)' : ' (connection closed)'), SinkError::UNREACHABLE);
        }
        $this->received += \strlen($chunk);
        if ($this->received > $this->maxReplyBytes) {
            throw $this->malformed(\sprintf('more than %d bytes', $this->maxReplyBytes));
        }
        if ($this->offset > 0) {
            $this->buffer = substr($this->buffer, $this->offset);
            $this->offset = 0;
        }
        $this->buffer .= $chunk;
    }

    /** Bytes that may still arrive, with those received and not read yet. */
    private function bytesLeft(): int
    {
        return $this->maxReplyBytes - $this->received + \strlen($this->buffer) - $this->offset;
    }

    /** The next read or write waits until the deadline at most; past it, the exchange ends. */
    private function waitAtMostTheTimeLeft(): void
    {
        $left = $this->deadline - microtime(true);
        if ($left <= 0) {
            throw new SinkError(\sprintf('%s did not answer within %s s (timed out)', $this->address, $this->seconds), SinkError::UNREACHABLE);
        }
        stream_set_timeout($this->socket, (int) $left, (int) (($left - floor($left)) * 1e6));
    }

    private function malformed(string $what): SinkError
    {
        return new SinkError(\sprintf('%s answered %s: not an answer of Redis', $this->address, $what), SinkError::MALFORMED);
    }

    private function timedOut(): bool
    {
        return stream_get_meta_data($this->socket)['timed_out'];
    }
}
