<?php

declare(strict_types=1);

namespace Preheat\Worker;

use Preheat\Worker\Http\Request;
use Preheat\Worker\Http\Response;

/**
 * Files of the document root served as nginx's try_files $uri serves them: a regular file the path names,
 * never a PHP script, never outside the root (no "..", links resolved and checked), never through a link
 * whose owner is not the owner of what it points to (as nginx's disable_symlinks if_not_owner: a user who
 * can write in an uploads folder cannot link to another's file and read it that way). Files up to
 * STREAM_ABOVE bytes are read whole; larger ones are streamed from disk, so a worker's memory stays flat.
 */
final class StaticFiles
{
    public const STREAM_ABOVE = 2 * 1024 * 1024;

    private const TYPES = [
        'html' => 'text/html', 'htm' => 'text/html', 'css' => 'text/css', 'js' => 'application/javascript',
        'json' => 'application/json', 'txt' => 'text/plain', 'xml' => 'application/xml', 'svg' => 'image/svg+xml',
        'png' => 'image/png', 'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'gif' => 'image/gif',
        'webp' => 'image/webp',
        'ico' => 'image/x-icon', 'woff' => 'font/woff', 'woff2' => 'font/woff2', 'pdf' => 'application/pdf',
    ];

    private readonly string $root;

    public function __construct(string $documentRoot)
    {
        $this->root = rtrim((string) (realpath($documentRoot) ?: $documentRoot), '/');
    }

    public function serve(Request $request): ?Response
    {
        if ('GET' !== $request->method && 'HEAD' !== $request->method) {
            return null;
        }
        $path = rawurldecode($request->path());
        if (str_ends_with(strtolower($path), '.php') || str_contains($path, "\0")
            || \in_array('..', explode('/', $path), true)) {
            return null;
        }
        $file = realpath($this->root.$path);
        if (false === $file || !str_starts_with($file, $this->root.'/') || !is_file($file) || !is_readable($file)
            || !$this->linksOwnedLikeTargets($path)) {
            return null;
        }
        $size = (int) filesize($file);
        $headers = [
            [
                'Content-Type',
                self::TYPES[strtolower(pathinfo($file, \PATHINFO_EXTENSION))] ?? 'application/octet-stream',
            ],
            ['Last-Modified', gmdate('D, d M Y H:i:s', (int) filemtime($file)).' GMT'],
        ];
        if ($size > self::STREAM_ABOVE) {
            return new Response(200, $headers, '', $file, $size);
        }

        return new Response(200, $headers, (string) file_get_contents($file));
    }

    /** Whether every link on the way from the root to the file belongs to the owner of what it points to. */
    private function linksOwnedLikeTargets(string $path): bool
    {
        $current = $this->root;
        foreach (explode('/', trim($path, '/')) as $name) {
            if ('' === $name || '.' === $name) {
                continue;
            }
            $current .= '/'.$name;
            clearstatcache(true, $current);
            if (is_link($current)) {
                $link = lstat($current);
                $target = stat($current);
                if (false === $link || false === $target || $link['uid'] !== $target['uid']) {
                    return false;
                }
            }
        }

        return true;
    }
}
