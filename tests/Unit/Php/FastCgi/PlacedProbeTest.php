<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php\FastCgi;

use PHPUnit\Framework\TestCase;
use Preheat\Php\FastCgi\FastCgiError;
use Preheat\Php\FastCgi\FastCgiResponse;
use Preheat\Php\FastCgi\PlacedProbe;
use Preheat\Tests\Support\TemporaryDirectory;

/** The probe status and php-fpm's hit counts place in the app: written, run, and never left behind. */
final class PlacedProbeTest extends TestCase
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

    public function testADirectoryThatCannotTakeTheProbeIsNullForTheCallerToExplain(): void
    {
        $missing = $this->directory->path.'/missing';

        self::assertNull((new PlacedProbe())->run('unix:'.$missing.'/fpm.sock', $missing, '.preheat-x', '<?php', 'x'));
    }

    public function testTheProbeIsRemovedWhenPhpFpmDoesNotAnswer(): void
    {
        try {
            (new PlacedProbe())->run(
                $this->directory->path.'/no-fpm.sock',
                $this->directory->path.'/',
                '.preheat-status',
                '<?php echo 1;',
                'preheat-status',
            );
            self::fail('an address nobody listens on is an error');
        } catch (FastCgiError $error) {
            self::assertStringContainsString(
                'cannot reach php-fpm at '.$this->directory->path.'/no-fpm.sock',
                $error->getMessage(),
            );
        }

        self::assertSame([], array_values(array_diff((array) scandir($this->directory->path), ['.', '..'])));
    }

    public function testAnAnswerWithoutTheProbesDataSaysWhatPhpFpmSaidAndWhereItMustRead(): void
    {
        $response = new FastCgiResponse(404, [], 'File not found.', 'Primary script unknown', 0);

        self::assertSame(
            'php-fpm at 127.0.0.1:9000 did not answer the request: the status probe printed nothing (HTTP 404: '
            ."Primary script unknown\nFile not found.); php-fpm must be able to read /srv/app (chroot, open_basedir "
            .'and a private /tmp hide files: give a directory of the app).',
            PlacedProbe::unanswered('127.0.0.1:9000', 'status probe', $response, '/srv/app')->getMessage(),
        );
    }
}
