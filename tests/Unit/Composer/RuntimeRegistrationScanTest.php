<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Composer;

use PHPUnit\Framework\TestCase;
use Preheat\Composer\RuntimeRegistration;
use Preheat\Composer\RuntimeRegistrationScan;
use Preheat\Tests\Support\TemporaryDirectory;

final class RuntimeRegistrationScanTest extends TestCase
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

    public function testFindsCallsThatAddToComposersLoaderWhileTheAppRuns(): void
    {
        $files = [
            $this->write('core/Kernel.php', "<?php\n\$this->classLoader->addPsr4('Modules\\\\Blog\\\\', \$dir);\n"),
            $this->write('index.php', "<?php\n\$loader = require 'vendor/autoload.php';\n\n\$loader->add('Legacy_', 'lib');\n"),
            $this->write('boot.php', "<?php\ngetLoader()?->setPsr4('X\\\\', []);\n\$l->addClassMap(\$map);\n"),
        ];

        $found = (new RuntimeRegistrationScan())->find($files, null);

        self::assertEquals(
            [
                new RuntimeRegistration($files[0], 2, '…->classLoader->addPsr4()'),
                new RuntimeRegistration($files[1], 4, '$loader->add()'),
                new RuntimeRegistration($files[2], 2, '->setPsr4()'),
                new RuntimeRegistration($files[2], 3, '$l->addClassMap()'),
            ],
            $found,
        );
    }

    public function testIgnoresOtherObjectsCommentsStringsAndTheVendorDirectory(): void
    {
        $vendor = $this->directory->path.'/vendor';
        $files = [
            // add() and set() are common names: only on a loader, with a prefix.
            $this->write('src/Container.php', "<?php\n\$container->set('mailer', \$m);\n\$list->add('x');\n"),
            $this->write('src/Loader.php', "<?php\n\$loader->add(\$resource);\n"),
            $this->write('src/Doc.php', "<?php\n// \$loader->addPsr4('A\\\\', 'a');\n\$s = '\$loader->addPsr4(';\n"),
            $this->write('vendor/composer/autoload_real.php', "<?php\n\$loader->addClassMap(\$map);\n"),
            $this->write('vendor/acme/plugin/Boot.php', "<?php\n\$loader->addPsr4('A\\\\', 'a');\n"),
        ];

        self::assertSame([], (new RuntimeRegistrationScan())->find($files, $vendor));
    }

    private function write(string $relative, string $code): string
    {
        $path = $this->directory->path.'/'.$relative;
        if (!is_dir(\dirname($path))) {
            mkdir(\dirname($path), 0o777, true);
        }
        file_put_contents($path, $code);

        return $path;
    }
}
