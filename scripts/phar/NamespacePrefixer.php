<?php

declare(strict_types=1);

namespace Preheat\Build;

use PhpParser\Node;
use PhpParser\Node\Name;
use PhpParser\Node\Scalar\String_;
use PhpParser\Node\Stmt\GroupUse;
use PhpParser\Node\Stmt\Namespace_;
use PhpParser\Node\Stmt\Use_;
use PhpParser\NodeTraverser;
use PhpParser\NodeVisitorAbstract;
use PhpParser\ParserFactory;

/**
 * Moves the namespaces of some libraries under a prefix of Preheat's own in the PHAR's copy of them, and
 * every reference to them there: `React\EventLoop\Loop` becomes `Preheat\Vendor\React\EventLoop\Loop`.
 *
 * Why: the worker runtime runs inside the app's own PHP process and declares its event loop and socket
 * classes before the app boots. Under their own names they would be the app's too: an app with another
 * react/event-loop would get ours (or die "Cannot redeclare class"). Under the prefix nothing is shared.
 *
 * What is rewritten: namespace declarations, `use` imports (a group's prefix), fully qualified names,
 * qualified names in the global namespace, and strings that hold such a name (`function_exists(
 * 'React\Promise\resolve')`, a namespace prefix as an array key). The prefix is inserted at the byte
 * offsets the parser reports and nothing else moves: lines, comments and formatting stay as they were,
 * so a message naming a line still names the right one.
 */
final class NamespacePrefixer
{
    /** @var list<string> first segments of the namespaces to move, e.g. ['React', 'Evenement'] */
    private readonly array $roots;

    /** @param list<string> $roots first segments of the namespaces to move */
    public function __construct(private readonly string $prefix, array $roots)
    {
        $this->roots = $roots;
    }

    /** Whether the source may name one of the namespaces at all (a cheap test before parsing). */
    public function concerns(string $code): bool
    {
        foreach ($this->roots as $root) {
            // Not `$root\`: a namespace of one segment is declared as `namespace Evenement;`.
            if (str_contains($code, $root)) {
                return true;
            }
        }

        return false;
    }

    /** The source with every reference to the moved namespaces prefixed; the same bytes when there is none. */
    public function prefix(string $code): string
    {
        if (!$this->concerns($code)) {
            return $code;
        }
        $statements = (new ParserFactory())->createForNewestSupportedVersion()->parse($code) ?? [];
        $visitor = new class($this) extends NodeVisitorAbstract {
            /** @var array<int, string> byte offset => text to insert there */
            public array $inserts = [];
            /** @var array<int, true> Name nodes handled as a declaration or an import (by object id) */
            private array $done = [];
            private bool $global = true;

            public function __construct(private readonly NamespacePrefixer $prefixer)
            {
            }

            public function enterNode(Node $node): null
            {
                if ($node instanceof Namespace_) {
                    $this->global = null === $node->name;
                    $this->name($node->name);
                } elseif ($node instanceof Use_) {
                    foreach ($node->uses as $use) {
                        $this->name($use->name);
                    }
                } elseif ($node instanceof GroupUse) {
                    // The group's items are relative to its prefix: only the prefix moves.
                    $this->name($node->prefix);
                    foreach ($node->uses as $use) {
                        $this->done[spl_object_id($use->name)] = true;
                    }
                } elseif ($node instanceof Name && !isset($this->done[spl_object_id($node)])) {
                    // A qualified name inside a namespace is relative to it (already moved); in the global
                    // namespace it is as good as fully qualified.
                    if ($node->isFullyQualified() || ($this->global && $node->isQualified())) {
                        $this->name($node);
                    }
                } elseif ($node instanceof String_) {
                    $this->string($node);
                }

                return null;
            }

            private function name(?Name $name): void
            {
                if (null === $name) {
                    return;
                }
                $this->done[spl_object_id($name)] = true;
                if ($this->prefixer->moves($name->getFirst())) {
                    $start = $name->getStartFilePos() + ($name->isFullyQualified() ? 1 : 0);
                    $this->inserts[$start] = $this->prefixer->prefixText('\\');
                }
            }

            private function string(String_ $string): void
            {
                $raw = $string->getAttribute('rawValue');
                // quote, leading backslashes, first segment, separator, then a name or the closing quote
                $pattern = '/^([\'"])((?:\\\\{1,2})?)([A-Za-z_]\w*)(\\\\{1,2})(?:\w|\1)/';
                if (!\is_string($raw) || !preg_match($pattern, $raw, $m)) {
                    return;
                }
                // A class, function or namespace name written in a string, with one backslash or two between
                // its segments (both read as one in a single-quoted string): the prefix is written the same.
                if (!$this->prefixer->moves($m[3])) {
                    return;
                }
                $this->inserts[$string->getStartFilePos() + 1 + \strlen($m[2])] = $this->prefixer->prefixText($m[4]);
            }
        };
        $traverser = new NodeTraverser();
        $traverser->addVisitor($visitor);
        $traverser->traverse($statements);
        krsort($visitor->inserts);
        foreach ($visitor->inserts as $offset => $text) {
            $code = substr_replace($code, $text, $offset, 0);
        }

        return $code;
    }

    /** @internal whether a name's first segment is one of the namespaces moved */
    public function moves(string $first): bool
    {
        return \in_array($first, $this->roots, true);
    }

    /** @internal the prefix with its segments separated (and ended) by $separator */
    public function prefixText(string $separator): string
    {
        return str_replace('\\', $separator, trim($this->prefix, '\\').'\\');
    }

    /** A namespace prefix as Composer's autoload sections write it (`React\EventLoop\`), moved when it is ours. */
    public function composerPrefix(string $namespace): string
    {
        $first = explode('\\', ltrim($namespace, '\\'))[0];

        return $this->moves($first) ? $this->prefixText('\\').ltrim($namespace, '\\') : $namespace;
    }
}
