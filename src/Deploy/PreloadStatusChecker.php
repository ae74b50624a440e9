<?php

declare(strict_types=1);

namespace Preheat\Deploy;

use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Php\FastCgi\PlacedProbe;
use Preheat\Php\OpcacheStatus;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Script\Write\WritableByOthers;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * Asks a running php-fpm what it preloaded: writes the OPcache probe next to the preload script (a
 * directory the pool can read; its /tmp may be private), runs it through FastCGI, removes it, and
 * compares the manifest the server preloaded with the script's and the script's with the files on disk.
 */
final class PreloadStatusChecker
{
    private readonly PlacedProbe $probe;

    public function __construct(FastCgiClient $client = new FastCgiClient())
    {
        $this->probe = new PlacedProbe($client);
    }

    public function check(string $address, string $script, ?string $probeDirectory = null): PreloadStatus
    {
        $text = self::script($script);
        $script = realpath($script) ?: $script;
        $status = $this->ask($address, $probeDirectory ?? \dirname($script));

        return self::compare($address, $script, $text, $status);
    }

    /**
     * The same, through a URL of the app that serves the probe (written there by the user, since the
     * app's web server decides which files PHP runs).
     */
    public function checkUrl(string $url, string $script, float $timeoutSeconds): PreloadStatus
    {
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

        return self::compare($url, realpath($script) ?: $script, $text, $status);
    }

    /** The comparison itself, for a status however it was obtained. */
    public static function compare(string $server, string $script, string $text, OpcacheStatus $status): PreloadStatus
    {
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
        // @: a script removed since it was read has no mtime to report.
        $modified = @filemtime($script);

        return new PreloadStatus(
            $server,
            $script,
            $status->php,
            $preloaded,
            $running,
            $onDisk,
            $status->preloadedClasses,
            $problems,
            $action,
            $reasons,
            $status,
            false === $modified ? null : $modified,
        );
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
