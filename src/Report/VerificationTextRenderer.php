<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Script\Severity;
use Preheat\Script\VerificationReport;

final class VerificationTextRenderer
{
    /** @return list<string> */
    public function render(VerificationReport $report, bool $strict, int $maxMessages = 30): array
    {
        $lines = [];
        $status = $report->passed($strict) ? '<info>OK</info>' : '<error>FAILED</error>';
        $lines[] = \sprintf('Verify %s with PHP %s: %s', $report->scriptPath, $report->phpVersion ?: '?', $status);
        $lines[] = \sprintf(
            '  Preloaded  %d scripts, %d classes, %d functions, %s preload memory (OPcache: %s used of %s)',
            $report->scripts,
            $report->classes,
            $report->functions,
            Format::megabytes($report->preloadMemoryBytes),
            Format::megabytes($report->opcacheUsedBytes),
            Format::megabytes($report->opcacheMemoryBytes),
        );
        $lines[] = \sprintf('  Start-up   %s spent preloading', Format::seconds($report->startupSeconds));
        $deprecations = \count($report->withSeverity(Severity::Deprecated)) + \count($report->withSeverity(Severity::Notice));
        $lines[] = \sprintf('  Messages   %d fatal, %d warnings, %d notices/deprecations', $report->fatalCount(), $report->warningCount(), $deprecations);
        if (!$report->booted && 0 === \count($report->withSeverity(Severity::Fatal))) {
            $lines[] = \sprintf('  PHP did not start (exit code %d). Command: %s', $report->exitCode, $report->commandLine);
        }
        foreach ($report->unlinkedClasses as $class) {
            $lines[] = \sprintf('  <comment>unlinked</comment> %s: %s', $class->class, $class->reason);
        }
        $shown = 0;
        foreach ($report->messages as $message) {
            if (Severity::Deprecated === $message->severity || str_starts_with($message->message, "Can't preload")) {
                continue;
            }
            if (++$shown > $maxMessages) {
                $lines[] = '  ... (use --format=json for all messages)';
                break;
            }
            $where = null === $message->file ? '' : \sprintf(' in %s:%d', $message->file, $message->line ?? 0);
            $lines[] = \sprintf('  <%s>%s</%1$s> %s%s', Severity::Fatal === $message->severity ? 'error' : 'comment', $message->severity->value, $message->message, $where);
        }

        return $lines;
    }
}
