<?php

declare(strict_types=1);

namespace Preheat\Progress;

use Symfony\Component\Console\Helper\ProgressBar;
use Symfony\Component\Console\Output\OutputInterface;

/** Progress on stderr: a line per stage and a bar for long ones. */
final class ConsoleProgressLogger implements ProgressLogger
{
    private ?ProgressBar $bar = null;

    private string $description = '';

    public function __construct(private readonly OutputInterface $stderr)
    {
    }

    public function stage(string $description): void
    {
        $this->description = $description;
        $this->bar = null;
    }

    public function advance(int $done, int $total): void
    {
        // A bar only helps on a terminal; in a log it would be a line per redraw.
        if (!$this->stderr->isDecorated()) {
            return;
        }
        if (null === $this->bar) {
            $this->bar = new ProgressBar($this->stderr, $total, 0.1);
            $this->bar->setFormat(' %message% %current%/%max% [%bar%] %elapsed:6s%');
            $this->bar->setMessage($this->description);
            $this->bar->start();
        }
        $this->bar->setProgress($done);
    }

    public function finish(string $summary): void
    {
        if (null !== $this->bar) {
            $this->bar->clear();
            $this->bar = null;
        }
        $this->stderr->writeln(\sprintf(' <info>✓</info> %s', $summary));
    }
}
