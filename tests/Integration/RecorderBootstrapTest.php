<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\PharBuild;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\RecorderInstaller;
use Symfony\Component\Process\Process;

/**
 * The recorder bootstrap after a deploy moved or pruned what it was installed with: installed by preheat.phar
 * in one release directory, it still records when that directory is renamed (it looks beside itself first);
 * when its recorder is gone it runs the request all the same, prints nothing, and says once in PHP's error
 * log that it records nothing.
 */
#[Group('integration')]
final class RecorderBootstrapTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testTheBootstrapFindsItsRecorderAfterAMoveAndSaysOnceWhenItIsGone(): void
    {
        $releases = $this->directory->path.'/releases';
        mkdir($releases.'/1/public', 0o777, true);
        mkdir($this->directory->path.'/tmp');
        file_put_contents(
            $releases.'/1/public/index.php',
            "<?php\necho class_exists('Preheat\\\\Recorder\\\\Recorder', false) ? 'recording' : 'not recording';\n",
        );
        $user = (posix_getpwuid(posix_geteuid()) ?: ['name' => 'root'])['name'];
        $install = PharBuild::run(
            ['record', '--install', '--sample=1', '--pool-user='.$user, '--store='.$this->directory->path.'/usage.log'],
            $releases.'/1',
        );
        self::assertSame(0, $install->getExitCode(), $install->getOutput().$install->getErrorOutput());
        self::assertSame('recording', $this->request($releases.'/1')->getOutput());

        // The deploy tool renames the release; php.ini names the bootstrap through the new path.
        rename($releases.'/1', $releases.'/2');
        $moved = $this->request($releases.'/2');
        self::assertSame('recording', $moved->getOutput(), 'the recorder beside the bootstrap, not the old path');
        self::assertFileDoesNotExist($this->directory->path.'/error.log');

        // Its recorder pruned: requests go on, the error log says it once.
        $this->removeTree($releases.'/2/.preheat');
        foreach ([1, 2, 3] as $request) {
            $gone = $this->request($releases.'/2');
            self::assertSame(0, $gone->getExitCode(), $gone->getErrorOutput());
            self::assertSame('not recording', $gone->getOutput(), 'no output of its own');
        }
        $log = (string) file_get_contents($this->directory->path.'/error.log');
        self::assertSame(1, substr_count($log, 'Preheat recorder bootstrap'), $log);
        self::assertStringContainsString(
            'Preheat recorder bootstrap '.$releases.'/2/preheat-recorder.php records nothing: '
            .'the recorder it was installed with is gone (looked for '
            .$releases.'/2/.preheat/preheat-recorder.lib.php, '.$releases.'/1/.preheat/preheat-recorder.lib.php).',
            $log,
        );
        self::assertStringContainsString('Run `preheat record --install` again', $log);
        self::assertStringContainsString(
            \sprintf(RecorderInstaller::GONE_MESSAGE, $releases.'/2/preheat-recorder.php', ''),
            str_replace('(looked for '.$releases.'/2/.preheat/preheat-recorder.lib.php, '
                .$releases.'/1/.preheat/preheat-recorder.lib.php)', '(looked for )', $log),
        );
    }

    private function request(string $release): Process
    {
        $process = new Process([
            \PHP_BINARY,
            '-d', 'display_errors=stderr',
            '-d', 'log_errors=1',
            '-d', 'error_log='.$this->directory->path.'/error.log',
            '-d', 'sys_temp_dir='.$this->directory->path.'/tmp',
            '-d', 'auto_prepend_file='.$release.'/preheat-recorder.php',
            $release.'/public/index.php',
        ]);
        $process->run();

        return $process;
    }

    private function removeTree(string $path): void
    {
        foreach (scandir($path) ?: [] as $name) {
            if ('.' !== $name && '..' !== $name) {
                unlink($path.'/'.$name);
            }
        }
        rmdir($path);
    }
}
