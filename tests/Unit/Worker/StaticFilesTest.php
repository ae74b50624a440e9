<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Worker;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Worker\Http\Request;
use Preheat\Worker\StaticFiles;

/** The worker runtime's static files: inside the document root, and never through another user's link. */
final class StaticFilesTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        mkdir($this->directory->path.'/public/uploads', 0777, true);
        file_put_contents($this->directory->path.'/public/app.css', 'body{}');
        file_put_contents($this->directory->path.'/secret.txt', 'the secret');
        chmod($this->directory->path.'/secret.txt', 0600);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testAFileOfTheRootIsServed(): void
    {
        self::assertSame('body{}', $this->get('/app.css')?->body);
    }

    public function testALinkOutOfTheRootIsNotFollowed(): void
    {
        symlink($this->directory->path.'/secret.txt', $this->directory->path.'/public/uploads/out.txt');

        self::assertNull($this->get('/uploads/out.txt'));
    }

    public function testALinkPlantedByAnotherUserIsNotFollowedAndTheOwnersOwnIs(): void
    {
        if (0 !== posix_geteuid() || false === posix_getpwnam('nobody')) {
            self::markTestSkipped('needs root, to give a link to another user');
        }
        file_put_contents($this->directory->path.'/public/private.txt', 'root only');
        chmod($this->directory->path.'/public/private.txt', 0600);
        symlink($this->directory->path.'/public/private.txt', $this->directory->path.'/public/uploads/planted.txt');
        self::assertTrue(lchown($this->directory->path.'/public/uploads/planted.txt', 'nobody'));
        symlink($this->directory->path.'/public/app.css', $this->directory->path.'/public/own.css');

        self::assertNull($this->get('/uploads/planted.txt'), 'a link whose owner is not its target\'s');
        self::assertSame('body{}', $this->get('/own.css')?->body, 'a link the target\'s owner made');
    }

    private function get(string $path): ?\Preheat\Worker\Http\Response
    {
        return (new StaticFiles($this->directory->path.'/public'))
            ->serve(new Request('GET', $path, 'HTTP/1.1', [], ''));
    }
}
