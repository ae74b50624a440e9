<?php

declare(strict_types=1);

namespace Preheat\Script\Write;

use Preheat\Util\FileOwnership;
use Preheat\Util\ShellWord;

/**
 * A preload script, or a file it preloads, that its owner's group or others can write: php-fpm runs the
 * script at every start, so whoever can write either runs code in php-fpm then. Told from modes (ACLs are
 * not read); `verify`, `doctor` and `status` report it.
 */
final class WritableByOthers
{
    /** Files named in the message. */
    private const NAMED = 3;

    /** Files named in the fix: a tree made with umask 0 has thousands, and one command line holds this many well. */
    private const FIXED = 20;

    /** @param array<string, string> $files path => its owner, group and mode */
    private function __construct(public readonly string $script, public readonly array $files)
    {
    }

    /** @param string|null $text the script's content, when read already */
    public static function check(string $script, ?string $text = null): self
    {
        clearstatcache();
        $text ??= (string) @file_get_contents($script);
        $files = [];
        foreach ([$script, ...ScriptManifest::filesOf($text, $script)] as $path) {
            $stat = @stat($path);
            if (false !== $stat && 0 !== ($stat['mode'] & 0o022)) {
                $files[$path] = FileOwnership::describe($stat);
            }
        }

        return new self($script, $files);
    }

    public function found(): bool
    {
        return [] !== $this->files;
    }

    /** What is wrong, in one sentence: the script or the files, with their owners and modes. */
    public function problem(): string
    {
        $named = [];
        foreach (\array_slice($this->files, 0, self::NAMED, true) as $path => $ownership) {
            $named[] = \sprintf('%s%s (%s)', $path === $this->script ? 'the preload script ' : '', $path, $ownership);
        }
        $more = \count($this->files) - \count($named);

        return \sprintf(
            '%s%s can be written by %s group or others: whoever can write %s runs code in php-fpm at its next start',
            implode(', ', $named),
            $more > 0 ? \sprintf(' and %d more files it preloads', $more) : '',
            1 === \count($this->files) ? 'its owner\'s' : 'their owners\'',
            1 === \count($this->files) ? 'it' : 'them',
        );
    }

    /** The shell command that closes them (removing write access is safe through a link). */
    public function fix(): string
    {
        $paths = array_keys($this->files);
        $more = \count($paths) - self::FIXED;

        return 'chmod go-w '.implode(' ', array_map(ShellWord::of(...), \array_slice($paths, 0, self::FIXED)))
            .($more > 0 ? \sprintf(' (and the same for %d more files the script preloads)', $more) : '');
    }
}
