<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Build;

use PHPUnit\Framework\TestCase;
use Preheat\Build\NamespacePrefixer;

require_once \dirname(__DIR__, 3).'/scripts/phar/NamespacePrefixer.php';

/** The PHAR build's prefixing of the worker's libraries (scripts/phar/NamespacePrefixer.php). */
final class NamespacePrefixerTest extends TestCase
{
    private NamespacePrefixer $prefixer;

    protected function setUp(): void
    {
        $this->prefixer = new NamespacePrefixer('Preheat\\Vendor', ['React', 'Evenement']);
    }

    public function testMovesDeclarationsImportsAndFullyQualifiedNamesOnly(): void
    {
        $code = <<<'PHP'
            <?php
            namespace React\Socket;

            use Evenement\EventEmitter;
            use React\EventLoop\{Loop, LoopInterface as L};
            use function React\Promise\resolve;
            use Psr\Log\LoggerInterface;

            /** @var \React\Stream\Util docblocks stay */
            final class Server extends EventEmitter
            {
                public function __construct(private L $loop, Socket\Inner $relative)
                {
                    $x = new \React\Stream\DuplexResourceStream(\STDIN, $loop);
                    \React\Promise\resolve($x instanceof \Evenement\EventEmitterInterface);
                    new \Reactive\Thing();
                    new \Symfony\Component\Console\Application();
                }
            }
            PHP;

        self::assertSame(<<<'PHP'
            <?php
            namespace Preheat\Vendor\React\Socket;

            use Preheat\Vendor\Evenement\EventEmitter;
            use Preheat\Vendor\React\EventLoop\{Loop, LoopInterface as L};
            use function Preheat\Vendor\React\Promise\resolve;
            use Psr\Log\LoggerInterface;

            /** @var \React\Stream\Util docblocks stay */
            final class Server extends EventEmitter
            {
                public function __construct(private L $loop, Socket\Inner $relative)
                {
                    $x = new \Preheat\Vendor\React\Stream\DuplexResourceStream(\STDIN, $loop);
                    \Preheat\Vendor\React\Promise\resolve($x instanceof \Preheat\Vendor\Evenement\EventEmitterInterface);
                    new \Reactive\Thing();
                    new \Symfony\Component\Console\Application();
                }
            }
            PHP, $this->prefixer->prefix($code));
    }

    public function testMovesNamesWrittenInStringsWithOneOrTwoBackslashes(): void
    {
        $code = <<<'PHP'
            <?php
            if (!\function_exists('React\Promise\resolve')) {
                require __DIR__.'/functions.php';
            }
            $ref = new \ReflectionClass("React\\Dns\\Model\\Message");
            const LIBRARIES = ['React\\EventLoop\\' => 1, 'Evenement\\' => 2, '\React\Cache\ArrayCache' => 3];
            echo 'Reactor\\Core', 'React', "React is a library";
            PHP;

        self::assertSame(<<<'PHP'
            <?php
            if (!\function_exists('Preheat\Vendor\React\Promise\resolve')) {
                require __DIR__.'/functions.php';
            }
            $ref = new \ReflectionClass("Preheat\\Vendor\\React\\Dns\\Model\\Message");
            const LIBRARIES = ['Preheat\\Vendor\\React\\EventLoop\\' => 1, 'Preheat\\Vendor\\Evenement\\' => 2, '\Preheat\Vendor\React\Cache\ArrayCache' => 3];
            echo 'Reactor\\Core', 'React', "React is a library";
            PHP, $this->prefixer->prefix($code));
    }

    public function testQualifiedNamesInTheGlobalNamespaceAreAbsolute(): void
    {
        $code = "<?php\n\$loop = React\\EventLoop\\Factory::create();\n";

        self::assertSame(
            "<?php\n\$loop = Preheat\\Vendor\\React\\EventLoop\\Factory::create();\n",
            $this->prefixer->prefix($code),
        );
    }

    public function testMovesANamespaceOfOneSegment(): void
    {
        $code = "<?php declare(strict_types=1);\n\nnamespace Evenement;\n\nclass EventEmitter implements EventEmitterInterface {}\n";

        self::assertSame(
            "<?php declare(strict_types=1);\n\nnamespace Preheat\\Vendor\\Evenement;\n\nclass EventEmitter implements EventEmitterInterface {}\n",
            $this->prefixer->prefix($code),
        );
    }

    public function testLeavesOtherCodeByteForByte(): void
    {
        $code = "<?php\nnamespace App;\n\n// React\\ mentioned in a comment only\nclass A {}\n";

        self::assertSame($code, $this->prefixer->prefix($code));
        self::assertSame('Preheat\\Vendor\\React\\EventLoop\\', $this->prefixer->composerPrefix('React\\EventLoop\\'));
        self::assertSame('PhpParser\\', $this->prefixer->composerPrefix('PhpParser\\'));
    }
}
