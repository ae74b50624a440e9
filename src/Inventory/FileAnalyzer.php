<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Error as ParseError;
use PhpParser\Lexer;
use PhpParser\Node;
use PhpParser\Node\Expr;
use PhpParser\NodeTraverser;
use PhpParser\NodeVisitor\NameResolver;
use PhpParser\Parser;
use PhpParser\Parser\Php8;
use PhpParser\ParserFactory;
use PhpParser\PhpVersion;
use Preheat\Util\BoundedRead;
use Preheat\Util\BoundedReadError;

/**
 * Reads one PHP file and tells what it declares at top level, what it needs to link,
 * what it declares only when code runs, and which top-level statements have side effects.
 */
final class FileAnalyzer
{
    /**
     * The largest PHP file read: parsing takes about a hundred times a file's size in memory, so a file of
     * tens of megabytes (generated data, not code to preload) would exhaust it. SourceFinder skips larger ones.
     */
    public const MAX_BYTES = 8 * 1024 * 1024;

    private readonly Parser $parser;

    /** Reads plain declaration files from PHP's tokens, when php-parser's grammar accepts all PHP's does */
    private readonly ?PlainFileAnalyzer $plainFiles;

    /**
     * @param PhpVersion|null $targetVersion   the grammar to parse with; by default the newest php-parser knows,
     *                                         whatever PHP runs Preheat: the plan is for the PHP that will run
     *                                         the script, and a file's syntax requirement says which PHP can compile it
     * @param bool            $skipInertBodies whether to read only what the analysis needs, as every run does: plain
     *                                         declaration files from PHP's tokens (PlainFileAnalyzer), and in the
     *                                         others no function body whose inside cannot change the analysis
     *                                         (BodySkippingLexer); without, each file is parsed whole by
     *                                         php-parser, as tests compare
     */
    public function __construct(private readonly ?PhpVersion $targetVersion = null, bool $skipInertBodies = true)
    {
        $grammar = $targetVersion ?? PhpVersion::getNewestSupported();
        // PHP's own parse of a file, made by the plain-file reader, is the one BodySkippingLexer asks for.
        $syntax = new PhpSyntaxCheck();
        $this->plainFiles = $skipInertBodies && $grammar->newerOrEqual(PhpVersion::getHostVersion())
            ? new PlainFileAnalyzer($syntax)
            : null;
        if ($grammar->id < 80000) {
            $this->parser = (new ParserFactory())->createForVersion($grammar);

            return;
        }
        // As ParserFactory::createForVersion() makes it, with the lexer wrapped.
        $lexer = $grammar->isHostVersion() ? new Lexer() : new Lexer\Emulative($grammar);
        $this->parser = new Php8(
            $skipInertBodies ? new BodySkippingLexer($lexer, $grammar, $syntax) : $lexer,
            $grammar,
        );
    }

    /** The grammar's PHP version ('8.3') when one was given, for a worker process to parse with the same. */
    public function grammarVersion(): ?string
    {
        return null === $this->targetVersion
            ? null
            : \sprintf('%d.%d', intdiv($this->targetVersion->id, 10000), intdiv($this->targetVersion->id % 10000, 100));
    }

    public function analyze(string $path): FileInventory
    {
        $read = $this->read($path);

        return $read instanceof FileInventory ? $read : $this->analyzeCode($path, ...$read);
    }

    /**
     * As analyze(), and a file that names `__DIR__` or `__FILE__` is analysed at its PathTemplate too: what its
     * include paths and constants hold is then in template tokens (PathTemplate::rebase() puts a path in), so that
     * the analysis can be reused at another path of the same depth. Only then: in any other file, text that
     * looks like a token is the file's own.
     */
    public function analyzeForReuse(string $path): ParsedFile
    {
        $read = $this->read($path);
        if ($read instanceof FileInventory) {
            return new ParsedFile($read);
        }
        if (!PathTemplate::appliesTo($path, $read[0])) {
            return new ParsedFile($this->analyzeCode($path, ...$read));
        }
        $templated = $this->analyzeCode(PathTemplate::of($path), ...$read)->toArray();

        return ParsedFile::fromTemplated(['path' => $path] + $templated, $path);
    }

    /** @return array{0: string, 1: int, 2: int}|FileInventory the code, size and mtime, or why it cannot be read */
    private function read(string $path): array|FileInventory
    {
        $size = @filesize($path);
        $modifiedAt = @filemtime($path);
        try {
            $code = BoundedRead::file($path, self::MAX_BYTES);
        } catch (BoundedReadError $error) {
            if ($error->isTooLarge()) {
                return FileInventory::unparsable($path, (int) $size, (int) $modifiedAt, $error->reason.': not parsed');
            }
            $code = false;
        }
        if (false === $code || false === $size || false === $modifiedAt) {
            return FileInventory::unparsable(
                $path,
                (int) $size,
                (int) $modifiedAt,
                'cannot be read: check that it exists and its permissions',
            );
        }

        return [$code, $size, $modifiedAt];
    }

    public function analyzeCode(string $path, string $code, int $size = 0, int $modifiedAt = 0): FileInventory
    {
        $plain = $this->plainFiles?->analyze($path, $code, $size, $modifiedAt);
        if (null !== $plain) {
            return $plain;
        }
        try {
            $statements = $this->parser->parse($code) ?? [];
        } catch (ParseError $error) {
            return FileInventory::unparsable($path, $size, $modifiedAt, $error->getMessage());
        }

        $nested = new NestedDeclarationCollector();
        $syntax = new SyntaxVersion();
        $sightings = new NodeSightings();
        $traverser = new NodeTraverser(new NameResolver(), $nested, $syntax, $sightings);
        $statements = $traverser->traverse($statements);

        $scan = TopLevelScanner::scan($statements);
        $guardedIncludes = $sightings->includes ? (new GuardedIncludeCollector($path))->collect($statements) : [];
        $constants = $this->definedConstants($path, $sightings->defineCalls);

        return new FileInventory(
            $path,
            new FileStamp($size, $modifiedAt),
            $scan->declarations,
            [...$scan->conditional, ...$nested->declarations],
            $scan->sideEffects,
            null,
            $nested->anonymousClasses,
            $scan->unreachable,
            new IncludeFacts($guardedIncludes, $constants),
            null === $syntax->version ? null : new SyntaxRequirement($syntax->version, $syntax->reason),
        );
    }

    /**
     * Every define('NAME', value) in the file, anywhere, with its value as `StaticPath` parts: what
     * include paths built from constants need (`ConstantTable`).
     *
     * @param list<Expr\FuncCall> $defineCalls the file's define() calls, in order
     *
     * @return array<string, list<list<array{string, string}>>>
     */
    private function definedConstants(string $path, array $defineCalls): array
    {
        if ([] === $defineCalls) {
            return [];
        }
        $paths = new StaticPath($path);
        $constants = [];
        foreach ($defineCalls as $call) {
            $args = $call->args;
            if (isset($args[0], $args[1]) && $args[0] instanceof Node\Arg && $args[1] instanceof Node\Arg
                && $args[0]->value instanceof Node\Scalar\String_) {
                $constants[ltrim($args[0]->value->value, '\\')][] = $paths->parts($args[1]->value);
            }
        }

        return $constants;
    }
}
