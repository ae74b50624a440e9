<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script;

use PHPUnit\Framework\TestCase;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupLogParser;

final class StartupLogParserTest extends TestCase
{
    public function testReadsWarningsWithFileAndLine(): void
    {
        $stderr = "PHP Warning:  Can't preload unlinked class B: Unknown parent Missing in /app/a.php on line 3\n"
            .'PHP Deprecated:  Optional parameter $a declared before required parameter $b is implicitly treated as '.
                "a required parameter in /app/c.php on line 7\n";
        $parser = new StartupLogParser();
        $messages = $parser->parse($stderr);

        self::assertCount(2, $messages);
        self::assertSame(Severity::Warning, $messages[0]->severity);
        self::assertSame("Can't preload unlinked class B: Unknown parent Missing", $messages[0]->message);
        self::assertSame('/app/a.php', $messages[0]->file);
        self::assertSame(3, $messages[0]->line);
        self::assertSame(Severity::Deprecated, $messages[1]->severity);

        $unlinked = $parser->unlinkedClasses($messages);
        self::assertCount(1, $unlinked);
        self::assertSame('B', $unlinked[0]->class);
        self::assertSame('Unknown parent Missing', $unlinked[0]->reason);
        self::assertSame('/app/a.php', $unlinked[0]->file);
    }

    public function testKeepsTheStackTraceWithAnUncaughtException(): void
    {
        $stderr = "PHP Fatal error:  Uncaught RuntimeException: boom in /app/preload.php:4\n"
            ."Stack trace:\n#0 {main}\n  thrown in /app/preload.php on line 4\n";
        $messages = (new StartupLogParser())->parse($stderr);

        self::assertCount(1, $messages);
        self::assertSame(Severity::Fatal, $messages[0]->severity);
        self::assertSame('/app/preload.php', $messages[0]->file);
        self::assertSame(4, $messages[0]->line);
        self::assertStringStartsWith('Uncaught RuntimeException: boom', $messages[0]->message);
        self::assertStringContainsString('Stack trace:', $messages[0]->message);
    }

    public function testReadsOpcacheOwnFatalLines(): void
    {
        $messages = (new StartupLogParser())->parse(
            "Sun Nov 22 10:33:25 2026 (1957): Fatal Error \"opcache.preload_user\" has not been defined\n",
        );

        self::assertCount(1, $messages);
        self::assertSame(Severity::Fatal, $messages[0]->severity);
        self::assertSame('"opcache.preload_user" has not been defined', $messages[0]->message);
    }

    public function testAlreadyDeclaredClassesCountAsUnlinked(): void
    {
        $parser = new StartupLogParser();
        $unlinked = $parser->unlinkedClasses(
            $parser->parse("PHP Warning:  Can't preload already declared class Foo in /app/foo.php on line 2\n"),
        );

        self::assertCount(1, $unlinked);
        self::assertSame('Foo', $unlinked[0]->class);
        self::assertSame('already declared', $unlinked[0]->reason);
    }

    public function testUnknownStderrOutputIsKeptAsAWarning(): void
    {
        $messages = (new StartupLogParser())->parse("something odd\n\n");

        self::assertCount(1, $messages);
        self::assertSame(Severity::Warning, $messages[0]->severity);
        self::assertSame('something odd', $messages[0]->message);
    }

    public function testNothingOnStderrIsNoMessage(): void
    {
        self::assertSame([], (new StartupLogParser())->parse(''));
    }

    public function testAHardMemoryLimitLineIsAFatalOfItsOwn(): void
    {
        $messages = (new StartupLogParser())->parse(self::log('hard-memory-limit'));

        self::assertCount(2, $messages);
        self::assertSame(Severity::Warning, $messages[0]->severity);
        self::assertSame(
            "Can't preload unlinked class Acme\\Foo: Unknown parent Acme\\Missing",
            $messages[0]->message,
            'nothing appended to the warning',
        );
        self::assertSame(Severity::Fatal, $messages[1]->severity);
        self::assertSame(
            'Hard memory limit of 268435456 bytes exhausted (tried to allocate 262144 bytes)',
            $messages[1]->message,
        );
        self::assertNull($messages[1]->file, '"Unknown" is no file');
    }

    public function testReadsPhpFpmOwnLines(): void
    {
        $messages = (new StartupLogParser())->parse(self::log('fpm-failed'));

        self::assertSame(
            [Severity::Notice, Severity::Fatal, Severity::Fatal, Severity::Fatal],
            array_map(static fn ($m) => $m->severity, $messages),
        );
        self::assertSame('[pool www] user has not been defined', $messages[1]->message);
        self::assertSame('FPM initialization failed', $messages[3]->message);
    }

    public function testRepeatedMessagesAreCountedOnce(): void
    {
        $messages = (new StartupLogParser())->parse(self::log('interned-overflow'));

        self::assertCount(2, $messages);
        self::assertSame('Interned string buffer overflow', $messages[0]->message);
        self::assertSame(500, $messages[0]->count);
        self::assertSame(Severity::Fatal, $messages[1]->severity);
        self::assertSame('/srv/app/vendor/big/Table.php', $messages[1]->file);
    }

    public function testACrashIsFatalAndPermissionProblemsKeepTheirFile(): void
    {
        $messages = (new StartupLogParser())->parse(self::log('permission-denied'));

        self::assertCount(3, $messages);
        self::assertStringContainsString("Failed opening '/srv/app/vendor/acme/Secret.php'", $messages[1]->message);
        self::assertSame(Severity::Fatal, $messages[2]->severity);
        self::assertSame('Segmentation fault (core dumped)', $messages[2]->message);
    }

    private static function log(string $name): string
    {
        return (string) file_get_contents(\dirname(__DIR__, 2).'/Fixtures/startup-logs/'.$name.'.log');
    }
}
