<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\InvalidSetting;
use Preheat\Server\Worker\WorkerApp;
use Preheat\Server\Worker\WorkerLauncher;
use Preheat\Server\WorkerSettings;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Worker\WorkerAdapter;

/** Which adapter the worker boots an app with: as configured, else told from the app; bad settings named. */
final class WorkerAppTest extends TestCase
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

    public function testALaravelAppIsToldFromItsBootstrapFile(): void
    {
        mkdir($this->directory->path.'/bootstrap');
        file_put_contents($this->directory->path.'/bootstrap/app.php', "<?php\n\$app = new Illuminate\\Foundation\\Application(dirname(__DIR__));\nreturn \$app;\n");

        $app = WorkerApp::of(new WorkerSettings($this->directory->path));

        self::assertSame([WorkerAdapter::Laravel, $this->directory->path.'/bootstrap/app.php'], [$app->adapter, $app->entry]);
    }

    public function testAnythingElseIsPlainScriptsAndTheSettingWins(): void
    {
        self::assertSame([WorkerAdapter::Plain, null], [WorkerApp::of(new WorkerSettings($this->directory->path))->adapter, WorkerApp::of(new WorkerSettings($this->directory->path))->entry]);

        file_put_contents($this->directory->path.'/kernel.php', '<?php return null;');
        $symfony = WorkerApp::of(new WorkerSettings($this->directory->path, WorkerAdapter::Symfony, 'kernel.php'));

        self::assertSame([WorkerAdapter::Symfony, $this->directory->path.'/kernel.php'], [$symfony->adapter, $symfony->entry]);
    }

    public function testAPsr15AppNeedsItsEntry(): void
    {
        $this->expectException(InvalidSetting::class);
        $this->expectExceptionMessage('bench.worker.adapter "psr15" needs bench.worker.entry: the file that returns the request handler');
        WorkerApp::of(new WorkerSettings($this->directory->path, WorkerAdapter::Psr15));
    }

    public function testAMissingEntryIsNamed(): void
    {
        $this->expectException(InvalidSetting::class);
        $this->expectExceptionMessage('bench.worker.entry: '.$this->directory->path.'/app/kernel.php does not exist');
        WorkerApp::of(new WorkerSettings($this->directory->path, WorkerAdapter::Symfony, 'app/kernel.php'));
    }

    public function testTheWorkerFindsItsLibrariesWhereTheyAreInstalled(): void
    {
        $libraries = WorkerLauncher::libraries();

        self::assertFileExists($libraries['React\\EventLoop\\'].'/StreamSelectLoop.php');
        self::assertFileExists($libraries['React\\Socket\\'].'/FdServer.php');
        self::assertFileExists($libraries['Evenement\\'].'/EventEmitter.php');
        self::assertFileExists(WorkerLauncher::program());
    }
}
