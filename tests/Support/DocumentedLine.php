<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/** One command line of README.md or doc/*.md, as DocumentedShell finds it. */
final class DocumentedLine
{
    /** A line of a ```sh, ```bash or ```shell block: every line is a command. */
    public const SHELL = 'shell block';

    /** A `$ ` line of a ```console or untagged block, or indented in the prose: the lines after it are its output. */
    public const TRANSCRIPT = 'transcript';

    /** The command of a `run:` step in a ```yaml block (a CI job). */
    public const CI_STEP = 'CI step';

    /** A command of a Composer `scripts` entry in a ```json block. */
    public const COMPOSER_SCRIPT = 'Composer script';

    /** A line of a ```console or untagged block that reads as a command but has no `$ ` in front. */
    public const UNTAGGED = 'command without $';

    /** A code span in the prose that is a command (`preheat verify --strict`, `make test`). */
    public const SPAN = 'code span';

    public function __construct(
        public readonly string $document,
        /** 1-based: where the command starts */
        public readonly int $line,
        /** the command, its `\` continuations joined, without the `$ ` */
        public readonly string $text,
        public readonly string $kind,
        /** the HTML comment on the line above the block (`example: REASON`, `deploy:NAME`); null when none */
        public readonly ?string $marker = null,
    ) {
    }

    public function where(): string
    {
        return $this->document.':'.$this->line;
    }

    /** The reason of an `<!-- example: REASON -->` mark; null when the block is not marked so. */
    public function exampleReason(): ?string
    {
        return null !== $this->marker && preg_match('/^example: (\S.*)$/', $this->marker, $match) ? $match[1] : null;
    }

    /** The name of a `<!-- deploy:NAME -->` block, which tests/Integration/DeployTest.php runs. */
    public function deployStep(): ?string
    {
        return null !== $this->marker && preg_match('/^deploy:(\w+)$/', $this->marker, $match) ? $match[1] : null;
    }
}
