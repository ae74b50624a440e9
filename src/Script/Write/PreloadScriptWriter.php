<?php

declare(strict_types=1);

namespace Preheat\Script\Write;

use Preheat\Inventory\SourceFinder;
use Preheat\Plan\PreloadPlan;
use Preheat\Util\AtomicFile;
use Preheat\Util\PhpComment;
use Preheat\Util\PhpLiteral;
use Preheat\Util\RelativePath;
use Preheat\Version;

/**
 * Renders a plan as a preload script: opcache_compile_file() in dependency order, every path
 * a PhpLiteral (never spanning lines), paths inside the project relative to the script, and a guard so that a
 * file removed by a later deploy is skipped instead of stopping the server. The same plan always
 * renders to the same bytes.
 */
final class PreloadScriptWriter
{
    /**
     * Compiling a whole app in one start-up request can need more than the memory_limit sized for
     * the app's requests (MediaWiki: 118 MB at peak). PHP ends the preload like a request and restores
     * every setting it changed, so the limit is lifted for the preload only: workers keep php.ini's value.
     */
    public const LIFT_MEMORY_LIMIT = "// memory_limit is for the app's requests; PHP restores it when the preload ".
        "ends.\n"
        ."ini_set('memory_limit', '-1');\n\n";

    /**
     * @param string|null $sources the sources hash to stamp, when the caller vouches for the files' contents (the
     *                             manifest of a script whose files the reuse key saw unchanged); null: hash them
     */
    public function render(PreloadPlan $plan, string $scriptPath, ?string $sources = null): string
    {
        $scriptDir = \dirname($scriptPath);
        $root = $plan->projectRoot;
        $relativeRoots = array_map(static fn (string $r): string => RelativePath::orDot($r, $root), $plan->roots);
        $leftOut = \count($plan->droppedFiles);

        $lines = [];
        $expressions = [];
        foreach ($plan->included as $file) {
            $expressions[] = $this->pathExpression($file->path, $scriptDir, $root);
            $lines[] = '    '.end($expressions).',';
        }
        $manifest = ScriptManifest::of(
            $expressions,
            array_map(static fn ($f): string => $f->path, $plan->included),
            $sources,
        );

        $header = [
            \sprintf(
                '%s %s. Do not edit: run `preheat generate` again',
                SourceFinder::PRELOAD_SCRIPT_MARK,
                Version::VERSION,
            ),
            'after every deploy that changes code (composer install/update).',
            '',
            \sprintf('Strategy: %s', $plan->strategy),
            \sprintf('Scanned:  %s (%d files)', implode(', ', $relativeRoots), $plan->scannedFiles),
            \sprintf(
                'Preloads: %d files, %d classes, %d functions',
                \count($plan->included),
                $plan->classCount(),
                $plan->functionCount(),
            ),
            \sprintf(
                'Left out: %d files (`preheat generate --format=json` or `preheat explain FILE` says why)',
                $leftOut,
            ),
            '',
            'Enable in the php.ini of php-fpm, then restart php-fpm (a reload or opcache_reset() does not reload it;',
            '`preheat status` tells whether a running php-fpm preloads this script and these files):',
            '    opcache.preload=/absolute/path/to/this/file',
            '    opcache.preload_user=www-data   ; the user php-fpm workers run as (needed when the master runs as '.
            'root)',
            ...RefusedHeader::lines($plan),
        ];

        // Every header line goes through PhpComment: a scanned path may hold anything, even the end of a comment.
        return "<?php\n\n".PhpComment::block($header)."\n"
            .self::LIFT_MEMORY_LIMIT
            .$manifest->declaration()
            ."(static function (array \$files): void {\n"
            ."    foreach (\$files as \$file) {\n"
            .'        // A file removed since this script was written is skipped: a missing file must not stop the '.
                "server starting.\n"
            ."        \$path = realpath(\$file);\n"
            ."        if (false === \$path || !is_file(\$path)) {\n"
            ."            continue;\n"
            ."        }\n"
            ."        try {\n"
            ."            opcache_compile_file(\$path);\n"
            ."        } catch (\\Throwable \$error) {\n"
            ."            trigger_error(sprintf('Preheat: skipped %s: %s', \$path, \$error->getMessage()), ".
                "\\E_USER_WARNING);\n"
            ."        }\n"
            ."    }\n"
            ."})([\n"
            .implode("\n", $lines).('' === implode('', $lines) ? '' : "\n")
            ."]);\n";
    }

    public function write(PreloadPlan $plan, string $scriptPath): string
    {
        $script = $this->render($plan, $scriptPath);
        // An unchanged script keeps its mtime: `preheat status` reports it, against php-fpm's start.
        if (!AtomicFile::holds($scriptPath, $script, AtomicFile::READABLE)) {
            AtomicFile::write($scriptPath, $script, AtomicFile::READABLE);
        }

        return $script;
    }

    /**
     * A PHP expression for a path: relative to the script's directory (__DIR__) when the file is in the
     * project and the script is too, so that the project can move; absolute otherwise.
     */
    private function pathExpression(string $path, string $scriptDir, string $projectRoot): string
    {
        $inProject = static fn (string $p): bool => RelativePath::isInside($p, $projectRoot);
        if (!$inProject($path) || !$inProject($scriptDir)) {
            return PhpLiteral::string($path);
        }

        return '__DIR__.'.PhpLiteral::string('/'.self::relativePath($scriptDir, $path));
    }

    public static function relativePath(string $fromDirectory, string $to): string
    {
        $notEmpty = static fn (string $part): bool => '' !== $part;
        $from = array_values(array_filter(explode('/', $fromDirectory), $notEmpty));
        $target = array_values(array_filter(explode('/', $to), $notEmpty));
        $common = 0;
        while ($common < \count($from) && $common < \count($target) - 1 && $from[$common] === $target[$common]) {
            ++$common;
        }

        return str_repeat('../', \count($from) - $common).implode('/', \array_slice($target, $common));
    }
}
