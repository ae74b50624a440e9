<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

final class RecorderFileTest extends TestCase
{
    /**
     * A bootstrap written by preheat.phar loads a copy of the recorder (NAME.lib.php); a middleware of
     * the Composer package in the same request then must not declare its classes a second time.
     */
    public function testLoadingAfterACopyOfTheRecorderWasLoadedDeclaresNothingTwice(): void
    {
        $directory = new TemporaryDirectory();
        try {
            copy(\dirname(__DIR__, 3).'/recorder/preheat-recorder.php', $directory->path.'/preheat-recorder.lib.php');
            $code = 'require '.var_export($directory->path.'/preheat-recorder.lib.php', true).';'
                .'require '.var_export(\dirname(__DIR__, 3).'/vendor/autoload.php', true).';'
                .'Preheat\Usage\RecorderFile::load();'
                .'echo (new ReflectionClass(Preheat\Recorder\Recorder::class))->getFileName();';
            $process = new Process([\PHP_BINARY, '-d', 'display_errors=stderr', '-r', $code]);
            $process->run();

            self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
            self::assertSame($directory->path.'/preheat-recorder.lib.php', $process->getOutput());
        } finally {
            $directory->remove();
        }
    }
}
