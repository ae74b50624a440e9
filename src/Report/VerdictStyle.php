<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Util\DisplayString;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Formatter\OutputFormatterInterface;
use Symfony\Component\Console\Formatter\OutputFormatterStyle;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * The colours of verdicts in text output, defined once: good green, to look at yellow, bad red; a verdict that
 * says nothing was found ("no measurable difference") stays plain. They are console formatter styles, so
 * --no-ansi, a pipe, a file and NO_COLOR give the same words without colour.
 */
enum VerdictStyle: string
{
    case Ok = 'verdict-ok';
    case Warning = 'verdict-warning';
    case Error = 'verdict-error';

    /** Defines the styles on $output's formatter (again for each renderer that writes: a no-op once defined). */
    public static function define(OutputInterface $output): void
    {
        self::defineOn($output->getFormatter());
    }

    public static function defineOn(OutputFormatterInterface $formatter): void
    {
        foreach (self::cases() as $verdict) {
            if (!$formatter->hasStyle($verdict->value)) {
                $formatter->setStyle($verdict->value, $verdict->style());
            }
        }
    }

    /** $text in this verdict's colour; $text is escaped, so a name or path in it is printed as it is. */
    public function tag(string $text): string
    {
        return \sprintf('<%s>%s</%1$s>', $this->value, OutputFormatter::escape($text));
    }

    /**
     * A plain line for the console: shown as DisplayString shows names and paths, escaped, and its first words
     * coloured when they are one of $verdicts' (words the renderer wrote at the start of the line, never a value).
     *
     * @param array<string, self> $verdicts the words that start a line => their verdict
     */
    public static function line(string $line, array $verdicts = []): string
    {
        $shown = DisplayString::of($line);
        foreach ($verdicts as $words => $verdict) {
            if (str_starts_with($shown, $words)) {
                return $verdict->tag($words).OutputFormatter::escape(substr($shown, \strlen($words)));
            }
        }

        return OutputFormatter::escape($shown);
    }

    private function style(): OutputFormatterStyle
    {
        return match ($this) {
            self::Ok => new OutputFormatterStyle('green', null, ['bold']),
            self::Warning => new OutputFormatterStyle('yellow', null, ['bold']),
            self::Error => new OutputFormatterStyle('red', null, ['bold']),
        };
    }
}
