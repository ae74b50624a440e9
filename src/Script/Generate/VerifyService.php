<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Php\PhpInstallation;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\Timings;
use Preheat\Script\Verify\Finding;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\VerificationReport;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Script\Write\WritableByOthers;

/**
 * `verify` from a script to its report: the PHP found under its named boot, the script booted with it, and a
 * script others can write reported too, though PHP booted it fine (it runs their code at php-fpm's next start).
 */
final class VerifyService
{
    /** @param ProcessRunner $runner the runner every part starts its processes with: the timings' own */
    public function __construct(private readonly ProcessRunner $runner, private readonly Timings $timings)
    {
    }

    /** @param \Closure(): PhpInstallation $php finds the PHP to verify with */
    public function verify(string $script, \Closure $php): VerificationReport
    {
        $timings = $this->timings;
        $runner = $this->runner;
        $options = new VerifyOptions($timings->boot('PHP boot: locate the PHP installation and its ini', $php));
        $report = $timings->span(
            'verification',
            static fn (): VerificationReport => (new PreloadVerifier($runner, timings: $timings))
                ->verify($script, $options),
        );
        $writable = WritableByOthers::check($report->scriptPath);
        if ($writable->found()) {
            $report = $report->withFinding(
                new Finding(Severity::Warning, $writable->problem().'; fix: '.$writable->fix()),
            );
        }

        return $report;
    }
}
