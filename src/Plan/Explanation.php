<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Setting;

/** Whether a class or file is preloaded and, if not, the chain of reasons down to the root cause. */
final class Explanation
{
    /**
     * @param list<ExplanationStep> $chain first the subject itself, then what caused its exclusion, and so on
     * @param Setting|null          $about the setting the note tells to change, when it does (the console names its
     *                                     option)
     */
    public function __construct(
        public readonly string $subject,
        public readonly string $kind,
        public readonly bool $found,
        public readonly bool $included,
        public readonly ?string $file,
        public readonly array $chain,
        public readonly string $note = '',
        public readonly ?Setting $about = null,
    ) {
    }

    public function withNote(string $note): self
    {
        return new self(
            $this->subject,
            $this->kind,
            $this->found,
            $this->included,
            $this->file,
            $this->chain,
            $note,
            $this->about,
        );
    }
}
