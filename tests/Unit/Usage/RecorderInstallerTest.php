<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Usage;

use PHPUnit\Framework\TestCase;
use Preheat\InvalidSetting;
use Preheat\Setting;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\RecorderFile;
use Preheat\Usage\RecorderInstaller;
use Preheat\Usage\UsageStoreError;

final class RecorderInstallerTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $project;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->project = $this->directory->path.'/it\'s $HOME';
        mkdir($this->project.'/lib', 0777, true);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testTheBootstrapStartsTheRecorderWithPathsAsStrings(): void
    {
        $installer = new RecorderInstaller();
        $settings = $installer->settings($this->project, null, null, 10, 50, 60, ['lib']);
        $bootstrap = $installer->bootstrap($settings);

        self::assertSame($this->project.'/preheat-recorder.php', $settings->bootstrapPath);
        $recorder = var_export((string) realpath(RecorderFile::path()), true);
        self::assertStringContainsString(
            "(static function (): void {\n    try {\n        if (1 !== random_int(1, 10)) {\n            return;\n        }\n"
            ."        foreach ([$recorder] as \$recorder) {\n",
            $bootstrap,
            'samples first; the recorder is outside the project, so only its absolute path is looked for',
        );
        self::assertStringContainsString(
            "                require_once \$recorder;\n            }\n"
            ."            \\Preheat\\Recorder\\Recorder::start([\n",
            $bootstrap,
        );
        self::assertStringContainsString(
            "                'store' => ['type' => 'file', 'path' => '"
            .$this->directory->path."/it\\'s \$HOME/preheat-usage.log'],\n",
            $bootstrap,
        );
        self::assertStringContainsString(
            "                'sample' => 10,\n                'batch' => 50,\n                'flushSeconds' => 60,\n",
            $bootstrap,
        );
        self::assertStringContainsString(
            "                'base' => ['".$this->directory->path."/it\\'s \$HOME/lib'],\n",
            $bootstrap,
        );
        self::assertStringContainsString(
            "                'exclude' => [__FILE__],\n            ], sampled: true);\n\n            return;\n        }\n",
            $bootstrap,
        );

        self::assertStringContainsString("    } catch (\\Throwable) {\n    }\n})();\n", $bootstrap);

        $tokens = token_get_all($bootstrap, \TOKEN_PARSE);
        $variables = array_filter(
            $tokens,
            static fn ($t): bool => \is_array($t) && (\T_ENCAPSED_AND_WHITESPACE === $t[0]
                || (\T_VARIABLE === $t[0] && !\in_array($t[1], ['$recorder', '$marker', '$handle'], true))),
        );
        self::assertSame([], $variables, 'a $ in a path must never become a variable');
    }

    public function testInstallWritesTheBootstrap(): void
    {
        $installer = new RecorderInstaller();
        mkdir($this->project.'/boot');
        $settings = $installer->settings(
            $this->project,
            'boot/rec.php',
            'redis://127.0.0.1:6390/3?prefix=shop:',
            1,
            5,
            30,
            [],
        );
        $installer->install($settings);

        $written = (string) file_get_contents($this->project.'/boot/rec.php');
        self::assertSame($installer->bootstrap($settings), $written);
        self::assertStringContainsString(
            "'store' => ['type' => 'redis', 'host' => '127.0.0.1', 'port' => 6390, 'db' => 3, 'prefix' => 'shop:', "
            ."'timeout' => 0.05, 'readTimeout' => 0.1],",
            $written,
        );
        self::assertStringContainsString('Store: redis://127.0.0.1:6390/3?prefix=shop%3A.', $written);
        self::assertStringNotContainsString("'base'", $written);
        self::assertStringNotContainsString('random_int(1', $written, 'sample=1: no random_int()');
    }

    public function testIniLines(): void
    {
        $installer = new RecorderInstaller();

        self::assertSame(
            'auto_prepend_file=/srv/app/preheat-recorder.php',
            $installer->iniLine('/srv/app/preheat-recorder.php'),
        );
        self::assertSame(
            'php_admin_value[auto_prepend_file] = /srv/app/preheat-recorder.php',
            $installer->poolLine('/srv/app/preheat-recorder.php'),
        );
        self::assertSame(
            'auto_prepend_file="/srv/my app/preheat-recorder.php"',
            $installer->iniLine('/srv/my app/preheat-recorder.php'),
        );
        // A dollar would read an environment variable in double quotes; a semicolon starts a comment unquoted.
        self::assertSame(
            'auto_prepend_file="/srv/\\${HOME};x/preheat-recorder.php"',
            $installer->iniLine('/srv/${HOME};x/preheat-recorder.php'),
        );
    }

    public function testTheStoreCommentCannotEndTheLineCommentItIsIn(): void
    {
        $installer = new RecorderInstaller();
        $settings = $installer->settings($this->project, null, $this->project."/us?>age\nevil();.log", 10, 50, 60, []);
        $written = $installer->bootstrap($settings);

        // The whole store stays on the comment's line, the close tag and line break escaped.
        self::assertMatchesRegularExpression('~^// .*Store: .*us\?\\\\>age\\\\nevil\(\);\.log\.$~m', $written);
    }

    public function testOptionsAreChecked(): void
    {
        $installer = new RecorderInstaller();
        $cases = [
            [
                Setting::Sample,
                'The sampling rate (1 in N requests) must be a whole number of at least 1 (got 0).',
                fn () => $installer->settings($this->project, null, null, 0, 50, 60, []),
            ],
            [
                Setting::Batch,
                'must be a whole number of at least 1 (got -1).',
                fn () => $installer->settings($this->project, null, null, 10, -1, 60, []),
            ],
            [
                Setting::RecordedDirectories,
                'nope is not a directory',
                fn () => $installer->settings($this->project, null, null, 10, 50, 60, ['nope']),
            ],
            [
                Setting::Bootstrap,
                'must be a .php file',
                fn () => $installer->settings($this->project, 'rec.txt', null, 10, 50, 60, []),
            ],
            [
                Setting::Store,
                'The directory of the store file',
                fn () => $installer->settings($this->project, null, 'var/usage.log', 10, 50, 60, []),
            ],
            [
                Setting::Project,
                'Project directory "/no/such/project" does not exist',
                static fn () => $installer->settings('/no/such/project', null, null, 10, 50, 60, []),
            ],
        ];
        foreach ($cases as [$setting, $message, $call]) {
            try {
                $call();
                self::fail('accepted: '.$message);
            } catch (InvalidSetting $e) {
                self::assertStringContainsString($message, $e->getMessage());
                self::assertStringNotContainsString('--', $e->getMessage(), 'the console names the option');
                self::assertSame($setting, $e->setting);
            }
        }

        $this->expectException(UsageStoreError::class);
        $this->expectExceptionMessage('Unsupported store "memcached://x"');
        $installer->settings($this->project, null, 'memcached://x', 10, 50, 60, []);
    }
}
