<?php

declare(strict_types=1);

namespace Preheat\Deploy;

use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Php\FastCgi\PlacedProbe;
use Preheat\Php\OpcacheStatus;
use Preheat\Script\Verify\AppFiles;
use Preheat\Script\Verify\PreloadUserAccess;
use Preheat\Script\Verify\UnreadableFiles;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Script\Write\WritableByOthers;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * Asks a running php-fpm what it preloaded: writes the OPcache probe next to the preload script (a
 * directory the pool can read; its /tmp may be private), runs it through FastCGI, removes it, and
 * compares the manifest the server preloaded with the script's and the script's with the files on disk; and,
 * given the project, whether the user the server runs requests as can read every file the app can load.
 */
final class PreloadStatusChecker
{
    private readonly PlacedProbe $probe;

    public function __construct(
        FastCgiClient $client = new FastCgiClient(),
        private readonly PreloadUserAccess $access = new PreloadUserAccess(),
    ) {
        $this->probe = new PlacedProbe($client);
    }

    /**
     * @param string|null $project the app's directory: its files are checked against the user the server runs
     *                             requests as (the probe says which); null to check none
     */
    public function check(
        string $address,
        string $script,
        ?string $probeDirectory = null,
        ?string $project = null,
    ): PreloadStatus {
        $text = self::script($script);
        $script = realpath($script) ?: $script;
        $status = $this->ask($address, $probeDirectory ?? \dirname($script));

        return self::compare($address, $script, $text, $status, $this->unreadable($status, $project));
    }

    /**
     * The same, through a URL of the app that serves the probe (written there by the user, since the
     * app's web server decides which files PHP runs).
     */
    public function checkUrl(
        string $url,
        string $script,
        float $timeoutSeconds,
        ?string $project = null,
    ): PreloadStatus {
        $text = self::script($script);
        $body = StatusPage::read($url, $timeoutSeconds);
        $status = OpcacheStatus::read($body);
        if (null === $status && OpcacheStatus::answered($body)) {
            throw StatusUnreachable::unreadable($url);
        }
        if (null === $status) {
            throw StatusUnreachable::url(
                $url,
                'the answer is not the status probe\'s: serve the file `preheat status --write-probe=FILE` writes at '
                .'that URL',
            );
        }

        return self::compare($url, realpath($script) ?: $script, $text, $status, $this->unreadable($status, $project));
    }

    /**
     * The comparison itself, for a status however it was obtained.
     *
     * @param UnreadableFiles|null $unreadable what of the app's files the user the server runs requests as cannot
     *                                         reach (see PreloadUserAccess::checkApp())
     */
    public static function compare(
        string $server,
        string $script,
        string $text,
        OpcacheStatus $status,
        ?UnreadableFiles $unreadable = null,
    ): PreloadStatus {
        $onDisk = ScriptManifest::fromScript($text);
        $running = null === $status->manifest
            ? null
            : new ScriptManifest($status->manifest['plan'], $status->manifest['sources']);
        $preloaded = '' === $status->ini('preload') ? null : $status->ini('preload');
        $problems = [];
        $reasons = [];
        $action = null;
        if (null === $onDisk) {
            $problems[] = \sprintf('%s has no manifest: it was not written by this version of Preheat', $script);
            $reasons[] = StaleReason::ScriptWithoutManifest;
            $action = self::regenerateAction();
        } elseif (ScriptManifest::sourcesHash(ScriptManifest::filesOf($text, $script), $onDisk->sources)
            !== $onDisk->sources) {
            $problems[] = 'the files the script preloads changed since it was generated';
            $reasons[] = StaleReason::FilesChanged;
            $action = self::regenerateAction();
        }
        // php-fpm preloads another file: its manifest is that file's, so "another version" would blame a restart.
        $otherPath = null !== $preloaded && $preloaded !== $script && (realpath($preloaded) ?: $preloaded) !== $script;
        if ($otherPath) {
            $problems[] = \sprintf('php-fpm\'s opcache.preload is %s, not %s', $preloaded, $script);
            $reasons[] = StaleReason::OtherPreloadPath;
            $action ??= \sprintf(PreloadStatus::POINT_AT, $script);
        } elseif (null === $running) {
            $problems[] = null === $preloaded
                ? 'php-fpm preloads nothing (its opcache.preload is empty)'
                : \sprintf('php-fpm preloaded %s, which declares no Preheat manifest', $preloaded);
            $reasons[] = null === $preloaded ? StaleReason::NothingPreloaded : StaleReason::PreloadedWithoutManifest;
            $action ??= PreloadStatus::RESTART;
        } elseif (null !== $onDisk && !$running->equals($onDisk)) {
            $problems[] = \sprintf(
                'php-fpm preloaded another version of the script (%s; on disk now: %s): it still serves the code it '
                .'preloaded at start',
                $running->className(),
                $onDisk->className(),
            );
            $reasons[] = StaleReason::OtherVersionPreloaded;
            $action ??= PreloadStatus::RESTART;
        }
        $writable = WritableByOthers::check($script, $text);
        if ($writable->found()) {
            $problems[] = $writable->problem();
            $reasons[] = StaleReason::WritableByOthers;
            $action ??= $writable->fix();
        }
        if (null !== $unreadable && $unreadable->found()) {
            // Not stale, and no restart helps: every request that loads such a file fails, preloaded or not.
            $problems[] = self::unreadableProblem($status->user ?? 'the pool\'s user', $unreadable);
            $reasons[] = StaleReason::UnreadableByPoolUser;
            $action = null === $action ? $unreadable->fix() : $unreadable->fix().', then '.$action;
        }
        // @: a script removed since it was read has no mtime to report.
        $modified = @filemtime($script);

        return new PreloadStatus(
            server: $server,
            script: $script,
            php: $status->php,
            preloadedScript: $preloaded,
            versions: new ScriptVersions(
                running: $running,
                onDisk: $onDisk,
                onDiskModified: false === $modified ? null : $modified,
            ),
            preloadedClasses: $status->preload->classes,
            problems: $problems,
            action: $action,
            reasons: $reasons,
            opcache: $status,
        );
    }

    private static function unreadableProblem(string $user, UnreadableFiles $unreadable): string
    {
        $what = [];
        if ([] !== $unreadable->unreadable) {
            $what[] = \sprintf(
                'cannot read %d of the app\'s %d files',
                \count($unreadable->unreadable),
                $unreadable->total,
            );
        }
        if ([] !== $unreadable->closedDirectories) {
            $what[] = \sprintf('may not enter %d directories on the way', \count($unreadable->closedDirectories));
        }
        $examples = $unreadable->unreadable + $unreadable->closedDirectories;
        $example = (string) array_key_first($examples);

        return \sprintf(
            '%s, the user php-fpm runs requests as, %s (e.g. %s, %s): every request that loads one fails ("Failed to '
            .'open stream: Permission denied"), whatever the preload%s',
            $user,
            implode(' and ', $what),
            $example,
            $examples[$example],
            $unreadable->complete()
                ? ''
                : \sprintf(' (checked %d of the %d files within the bound)', $unreadable->checked, $unreadable->total),
        );
    }

    /** What of the project's files the user the server runs requests as cannot reach; null when not checked. */
    private function unreadable(OpcacheStatus $status, ?string $project): ?UnreadableFiles
    {
        if (null === $project || null === $status->user) {
            return null;
        }

        return $this->access->checkApp($status->user, AppFiles::scan($project));
    }

    private static function regenerateAction(): string
    {
        return PreloadStatus::REGENERATE;
    }

    private function ask(string $address, string $directory): OpcacheStatus
    {
        $response = $this->probe->run(
            $address,
            $directory,
            '.preheat-status',
            OpcacheStatus::probeCode(),
            'preheat-status',
        );
        if (null === $response) {
            throw StatusInputError::cannotWriteProbe($directory);
        }

        $status = OpcacheStatus::read($response->body);
        if (null === $status && OpcacheStatus::answered($response->body)) {
            throw StatusUnreachable::unreadable($address);
        }

        return $status ?? throw PlacedProbe::unanswered($address, 'status probe', $response, $directory);
    }

    /** @throws StatusInputError when there is no script to read (or one far larger than any) */
    private static function script(string $script): string
    {
        try {
            return BoundedRead::file($script, ScriptManifest::MAX_SCRIPT_BYTES);
        } catch (BoundedReadError $error) {
            throw $error->isTooLarge()
                ? StatusInputError::scriptTooLarge($script, $error->reason)
                : StatusInputError::noScript($script);
        }
    }
}
