<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Progress\Line;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\Timings;
use Preheat\Script\Verify\AppFiles;
use Preheat\Script\Verify\PreloadUserAccess;
use Preheat\Script\Verify\UnreadableFiles;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Util\DisplayString;

/** Whether the user PHP preloads as can read what the script preloads and what the app's requests load. */
final class PreloadUserCheck
{
    public function __construct(
        private readonly PreloadUserAccess $access,
        private readonly ProgressLogger $progress,
        private readonly Timings $timings,
    ) {
    }

    /**
     * As root PHP preloads as the pool's user: a file that user cannot read fails every boot the same way, and no
     * fix round can help. Said first, with its fix, before any PHP starts; the fix covers every file the app can load,
     * so that once it is run requests work too. When the preload works but the user cannot read other files of the
     * app (one Composer's autoloader includes on every request, a class it loads later), a warning says so with the
     * fix: the script is fine, but every request that loads such a file fails.
     */
    public function check(VerifyOptions $verify, GenerateSession $session, string $outputPath): void
    {
        $preloadUser = $verify->php->preloadUser();
        if (null === $preloadUser) {
            return;
        }
        $result = $session->result();
        $appFiles = AppFiles::of($result->project, $result->scan->selection);
        $source = $verify->php->preloadUserSource();
        $this->timings->span('check the preload user can read the files', fn () => $this->access->check(
            $preloadUser,
            $source,
            $session->plannedPaths(),
            [\dirname($outputPath)],
            $appFiles,
        ));
        $unreadable = $this->timings->span(
            'check the preload user can read the app\'s files',
            fn (): ?UnreadableFiles => $this->access->checkApp($preloadUser, $appFiles),
        );
        if (null !== $unreadable && $unreadable->found()) {
            $this->progress->finish(new Line(
                DisplayString::controlsEscaped(self::requestsWouldFail($unreadable, $preloadUser, $source)),
                Outcome::Warning,
            ));
        }
    }

    /** What generate says when the preload works but the pool's user cannot read other files requests load. */
    private static function requestsWouldFail(UnreadableFiles $unreadable, string $user, string $source): string
    {
        $lines = [\sprintf(
            'The files to preload are readable, but requests will fail: %s (the user php-fpm runs as: %s) cannot '
            .'read files of the app that requests load ("Failed to open stream: Permission denied"), which the '
            .'script does not preload.',
            $user,
            $source,
        )];
        array_push($lines, ...$unreadable->lines($user, 'files the app can load'));
        $lines[] = \sprintf('Fix: %s (or install the code as %s).', $unreadable->fix(), $user);

        // Under the progress line's mark.
        return implode("\n   ", $lines);
    }
}
