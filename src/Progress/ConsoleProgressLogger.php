<?php

declare(strict_types=1);

namespace Preheat\Progress;

use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Helper\ProgressBar;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * Progress on stderr: a line per finished step, behind the mark of how it ended (✓ done, ! warning,
 * ✗ failed, - skipped), and a bar for long stages.
 */
final class ConsoleProgressLogger implements ProgressLogger
{
    private ?ProgressBar $bar = null;

    private string $description = '';

    public function __construct(private readonly OutputInterface $stderr)
    {
    }

    public function stage(string|StageEvent $stage): void
    {
        $this->description = $stage instanceof StageEvent ? $stage->description() : $stage;
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
            $this->bar->setMessage(OutputFormatter::escape($this->description));
            $this->bar->start();
        }
        $this->bar->setProgress($done);
    }

    public function finish(string|ProgressEvent $summary): void
    {
        if (null !== $this->bar) {
            $this->bar->clear();
            $this->bar = null;
        }
        $event = $summary instanceof ProgressEvent ? $summary : new Line($summary);
        // What a step says names the project's paths: console markup in them is printed as written.
        $summary = OutputFormatter::escape($event->summary());
        $this->stderr->writeln(\sprintf(' %s %s', self::mark($event->outcome()), $summary));
    }

    private static function mark(Outcome $outcome): string
    {
        return match ($outcome) {
            Outcome::Done => '<info>✓</info>',
            Outcome::Warning => '<comment>!</comment>',
            Outcome::Failed => '<fg=red>✗</>',
            Outcome::Skipped => '<comment>-</comment>',
        };
    }
}
