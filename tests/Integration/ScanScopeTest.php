<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * What `generate` scans by default on apps that are not a Composer-autoloaded tree, why a partial scan
 * stays safe for the whole app, and what `explain` reads: end to end, with PHP booting the script.
 */
#[Group('integration')]
final class ScanScopeTest extends TestCase
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

    public function testTheDefaultsFindAWikisOwnCodeAndFollowItsLinkedPlugins(): void
    {
        $project = FixtureProjects::copy('wiki', $this->directory);
        $store = $this->directory->path.'/var-lib-wiki/plugins';
        mkdir($store.'/info', 0777, true);
        copy(__DIR__.'/../Fixtures/linked/wiki-plugins/info/syntax.php', $store.'/info/syntax.php');
        symlink($store, $project.'/lib/plugins');
        symlink($this->directory->path, $store.'/loop');

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strict', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        $included = array_column($result['plan']['included'], 'file');
        self::assertContains('inc/Parser.php', $included);
        self::assertContains($store.'/info/syntax.php', $included);
        self::assertSame([['path' => '.', 'files' => 8], ['path' => 'vendor', 'files' => 2]], $result['scan']['roots']);
        self::assertSame([['link' => 'lib/plugins', 'target' => $store]], $result['scan']['links']);
        $skipped = array_column($result['scan']['skipped'], 'reason', 'path');
        self::assertSame(['_test' => 'not-runtime', 'data/cache' => 'generated', 'lib/plugins/loop' => 'link-loop'], $skipped);
        self::assertSame($result['plan']['summary']['classes'], $result['verification']['preloaded']['classes']);
        self::assertStringContainsString('Followed 1 directory link(s): lib/plugins to '.$store, $process->getErrorOutput());
    }

    public function testACmsWithoutComposerJsonIsPlannedAndSaysWhatItSkipped(): void
    {
        $project = FixtureProjects::copy('cms', $this->directory);
        $process = PreheatProcess::run(['generate', '--project='.$project, '--strict', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getOutput().$process->getErrorOutput());
        self::assertStringContainsString('Scanned    10 files under . (10)', $process->getOutput());
        self::assertStringContainsString('Skipped    3: docs (documentation, not run by the app), tests (tests, not run by the app), wp-content/cache (written by the app at run time; read for duplicate declarations only)', $process->getOutput());
        self::assertStringContainsString('No composer.json: planned without package rules', $process->getOutput());
    }

    public function testPreloadingPartOfTheAppNeverBreaksTheRestOfIt(): void
    {
        // Only wp-includes is scanned; wp-admin/setup-config.php declares __() as well. With l10n.php
        // preloaded, running that admin script died with "Cannot redeclare __()".
        $project = FixtureProjects::copy('cms', $this->directory);
        $process = PreheatProcess::run(['generate', '--project='.$project, '--path=wp-includes', '--strict', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getOutput().$process->getErrorOutput());
        self::assertStringContainsString('wp-includes/l10n.php: declares function __(), also declared in wp-admin/setup-config.php (not scanned, but part of the app', $process->getOutput());

        $admin = $this->runWithPreload($project.'/preload.php', $project.'/wp-admin/setup-config.php');
        self::assertSame(0, $admin->getExitCode(), $admin->getOutput().$admin->getErrorOutput());
        self::assertSame('Set up the configuration file', $admin->getOutput());
        self::assertStringNotContainsString('Cannot redeclare', $admin->getErrorOutput());
    }

    public function testAnIgnoreThatMatchesNothingIsNamed(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $process = PreheatProcess::run(['generate', '--project='.$project, '--ignore=vendor/acme/nope', '--ignore=Acme\Nope', '--no-verify', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('The ignore pattern vendor/acme/nope matches no scanned file and no declared class or namespace', $process->getOutput());
        self::assertStringContainsString('The ignore pattern Acme\Nope matches no scanned file', $process->getOutput());
        self::assertStringContainsString('a namespace is a prefix like Vendor\Package). (option --ignore)', $process->getOutput(), 'the console names the option');

        [$json] = PreheatProcess::json(['generate', '--project='.$project, '--ignore=Acme\Nope', '--no-verify', '--no-cache']);
        self::assertStringEndsWith('(option --ignore)', $json['scan']['warnings'][0]);
    }

    public function testAPathWithoutPhpFilesIsNamed(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        mkdir($project.'/assets');
        file_put_contents($project.'/assets/app.js', '');
        $process = PreheatProcess::run(['generate', '--project='.$project, '--path=assets', '--path=src', '--no-verify', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('The path assets holds no PHP file to scan (files ending in .php): check that it is the directory of the code. (option --path)', $process->getOutput());
        self::assertStringNotContainsString('The path src holds', $process->getOutput());
    }

    public function testAClassInTheIncludePathOfTheTargetPhpIsNamedWithThePathThatAddsIt(): void
    {
        $project = FixtureProjects::copy('include-path', $this->directory);
        $includeDir = (string) realpath(__DIR__.'/../Fixtures/include-path');
        // The PHP php-fpm runs, with the library directory in its include_path (as Debian's /usr/share/php).
        $php = $this->directory->path.'/php-with-libraries';
        file_put_contents($php, \sprintf("#!/bin/sh\nexec %s -d include_path=.:%s \"\$@\"\n", escapeshellarg(\PHP_BINARY), escapeshellarg($includeDir)));
        chmod($php, 0755);

        $process = PreheatProcess::run(['explain', 'Admin\SqlExport', '--project='.$project, '--php='.$php, '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString("its parent PhpMyLib\\Sql\\Parser is not in the scanned paths: it is declared in $includeDir/PhpMyLib/Sql/Parser.php, in PHP's include_path ($includeDir) (to scan it, scan the paths ., $includeDir/PhpMyLib)", $process->getOutput());

        $library = PreheatProcess::run(['explain', 'PhpMyLib\Sql\Parser', '--project='.$project, '--php='.$php, '--no-cache']);
        self::assertSame(0, $library->getExitCode(), $library->getErrorOutput());
        self::assertStringContainsString("No scanned file declares it: it is declared in $includeDir/PhpMyLib/Sql/Parser.php, in PHP's include_path ($includeDir); to scan it, scan the paths ., $includeDir/PhpMyLib. (option --path)", $library->getOutput());
    }

    public function testExplainSaysOutForWhatPhpRefusedAtTheLastVerification(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $generate = PreheatProcess::run(['generate', '--project='.$project, '--no-verify', '--no-cache']);
        self::assertSame(0, $generate->getExitCode(), $generate->getErrorOutput());
        self::assertStringContainsString('IN  App\Controller\HomeController', PreheatProcess::run(['explain', 'App\Controller\HomeController', '--project='.$project, '--no-cache'])->getOutput());

        // What a fix round records when PHP refuses a class.
        $script = (string) file_get_contents($project.'/preload.php');
        $line = ' * preheat-refused: {"class":"App\\\\Controller\\\\HomeController","why":"PHP could not link it at start-up: Could not check compatibility"}';
        file_put_contents($project.'/preload.php', str_replace("\n */\n", "\n *\n".$line."\n */\n", $script));

        $explain = PreheatProcess::run(['explain', 'App\Controller\HomeController', '--project='.$project, '--no-cache']);
        self::assertStringContainsString('OUT App\Controller\HomeController (src/Controller/HomeController.php) is not preloaded.', $explain->getOutput());
        self::assertStringContainsString('because: PHP refused it at the last verification: Could not check compatibility', $explain->getOutput());
    }

    public function testExplainKnowsFunctionsAndAliases(): void
    {
        $cms = FixtureProjects::copy('cms', $this->directory);
        $function = PreheatProcess::run(['explain', '__', '--project='.$cms, '--no-cache']);
        self::assertStringContainsString('OUT __() (wp-includes/l10n.php) is not preloaded.', $function->getOutput());

        $alias = PreheatProcess::run(['explain', 'Acme\Parser\Node\Expr\ArrayItem', '--project='.FixtureProjects::copy('class-alias', $this->directory), '--no-cache']);
        self::assertSame(0, $alias->getExitCode(), $alias->getErrorOutput());
        self::assertStringContainsString('It is an alias of Acme\Parser\Node\ArrayItem declared by class_alias() in vendor/acme/parser/src/Node/ArrayItem.php (line 10)', $alias->getOutput());
    }

    private function runWithPreload(string $script, string $file): Process
    {
        $command = [\PHP_BINARY, '-d', 'opcache.enable=1', '-d', 'opcache.enable_cli=1', '-d', 'opcache.preload='.$script];
        if (\function_exists('posix_geteuid') && 0 === posix_geteuid()) {
            array_push($command, '-d', 'opcache.preload_user=root');
        }
        $process = new Process([...$command, $file]);
        $process->run();

        return $process;
    }
}
