<?php

declare(strict_types=1);

namespace Preheat\Report\Json;

use Preheat\Doctor\DoctorReport;
use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Fix;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\IniSyntaxError;
use Preheat\Doctor\Profile\PoolConfig;
use Preheat\Doctor\Profile\ServerConfig;

/** The public JSON of `preheat doctor`: what was read, the findings, the worst severity and the exit code. */
final class DoctorJson
{
    /** @return array<string, mixed> */
    public static function report(DoctorReport $report): array
    {
        return [
            'server' => self::server($report->server),
            'app' => self::app($report->app),
            'findings' => array_map(self::finding(...), $report->findings),
            'worst' => $report->worst()?->value,
            'exitCode' => $report->exitCode(),
        ];
    }

    /** @return array<string, mixed> */
    private static function server(ServerConfig $server): array
    {
        return [
            'php' => $server->phpVersion,
            'fpm' => $server->fpmBinary,
            'ini' => $server->ini->iniFile,
            'scanDir' => $server->ini->scanDir,
            'iniSyntaxErrors' => array_map(
                static fn (IniSyntaxError $e): array => [
                    'file' => $e->file,
                    'line' => $e->line,
                    'message' => $e->message,
                ],
                $server->ini->syntaxErrors,
            ),
            'settings' => $server->settings,
            'fpmConfig' => null === $server->installation?->fpmConfig ? null : [
                'file' => $server->installation->fpmConfig->mainFile,
                'source' => $server->installation->fpmConfig->source,
                'files' => $server->installation->fpmConfig->files,
                'masterPid' => $server->installation->fpmConfig->master?->pid,
                // false with a reason: php-fpm did not confirm it, its defaults for what the files leave out unknown
                'dumped' => $server->installation->fpmConfig->dumped,
                'dumpFailure' => $server->installation->fpmConfig->dumpFailure,
            ],
            'pools' => array_map(self::pool(...), $server->pools),
            'cliIni' => $server->cli->ini->iniFile,
            'cliPreload' => $server->cli->preload,
            'cores' => $server->host->cores,
            'memoryBytes' => $server->host->memoryBytes,
        ];
    }

    /** @return array<string, mixed> */
    private static function pool(PoolConfig $pool): array
    {
        return [
            'file' => $pool->file,
            'name' => $pool->name,
            'pm' => $pool->pm(),
            'maxChildren' => $pool->maxChildren(),
            'memoryLimit' => $pool->phpValue('memory_limit'),
            'user' => $pool->values['user'] ?? null,
            'listen' => $pool->values['listen'] ?? null,
        ];
    }

    /** @return array<string, mixed> */
    private static function app(AppProfile $app): array
    {
        $autoloader = $app->autoloader;
        $preload = $app->preload;

        return [
            'root' => $app->root,
            'files' => $app->files,
            'sourceBytes' => $app->sourceBytes,
            'opcacheBytes' => $app->opcacheBytes,
            'internedBytes' => $app->internedBytes,
            'measured' => $app->measured,
            'autoloader' => [
                'composer' => $autoloader->composer,
                'optimised' => $autoloader->optimised,
                'authoritative' => $autoloader->authoritative,
                'apcu' => $autoloader->apcu,
                'classmapEntries' => $autoloader->classmapEntries,
            ],
            'preload' => [
                'status' => $preload->status->value,
                'script' => $preload->script,
                'reason' => $preload->reason,
                'files' => $preload->files,
                'estimatedBytes' => $preload->estimatedBytes,
                'measured' => $preload->measured,
                'bootFailure' => $preload->bootFailure,
            ],
        ];
    }

    /** @return array<string, mixed> */
    private static function finding(Finding $finding): array
    {
        return [
            'id' => $finding->id,
            'severity' => $finding->severity->value,
            'title' => $finding->title,
            'detail' => $finding->detail,
            'fixes' => array_map(self::fix(...), $finding->fixes),
            'rung' => $finding->rung?->value,
        ];
    }

    /** @return array<string, mixed> */
    private static function fix(Fix $fix): array
    {
        $json = [
            'file' => $fix->file,
            'line' => $fix->line,
            'setting' => $fix->setting,
            'value' => $fix->value,
            'current' => $fix->current,
            'newLine' => $fix->newLine(),
        ];
        if (null !== $fix->note) {
            $json['note'] = $fix->note;
        }

        return $json;
    }
}
