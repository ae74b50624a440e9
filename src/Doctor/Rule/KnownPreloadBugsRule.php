<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Rung;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\PreloadStatus;
use Preheat\Doctor\Profile\ServerConfig;

/** Preload bugs of the installed PHP version, from a table kept here (php-src issue numbers). */
final class KnownPreloadBugsRule implements Rule
{
    /** Extensions that observe function calls (the Observer API): tracers and profilers. */
    private const OBSERVERS = [
        'ddtrace',
        'opentelemetry',
        'newrelic',
        'scoutapm',
        'tideways',
        'skywalking',
        'blackfire',
        'zend_test',
    ];

    /** @return list<KnownPreloadBug> */
    public static function bugs(): array
    {
        return [
            new KnownPreloadBug(
                'php-src#10131',
                'an anonymous class extending a class the preload did not load (it is autoloaded later) is not '
                .'preloaded; the second request that creates it fails with a TypeError on its return type',
                '7.4.0',
                null,
            ),
            // Fixed by php-src#17835, merged on 2025-02-17: 8.4.5 is the first 8.4 release after that date.
            new KnownPreloadBug(
                'php-src#17715',
                'calling a method of an enum the preload declared crashes the worker (null pointer in the observer '
                .'API) when an extension observes function calls',
                '8.4.0',
                '8.4.5',
                self::OBSERVERS,
            ),
            // Still open (pull request php-src#23103): the enums a preload only compiles, as Preheat's scripts do.
            new KnownPreloadBug(
                'php-src#23103',
                'calling a method of an enum the preload compiled (opcache_compile_file, as Preheat\'s scripts do) '
                .'crashes the worker when an extension observes function calls',
                '8.4.0',
                null,
                self::OBSERVERS,
            ),
        ];
    }

    public function check(ServerConfig $server, AppProfile $app): array
    {
        $findings = [];
        $preloading = PreloadStatus::None !== $app->preload->status;
        foreach (self::bugs() as $bug) {
            if (!$bug->affects($server->phpVersion)) {
                continue;
            }
            $loaded = array_values(array_filter($bug->extensions, $server->hasExtension(...)));
            if ([] !== $bug->extensions && [] === $loaded) {
                continue;
            }
            $findings[] = new Finding(
                'known-bug-'.substr($bug->issue, \strlen('php-src#')),
                $preloading ? Severity::Warning : Severity::Notice,
                \sprintf(
                    'PHP %s has preload bug %s%s',
                    $server->phpVersion,
                    $bug->issue,
                    [] === $loaded ? '' : ' (with '.implode(', ', $loaded).' loaded)',
                ),
                ucfirst($bug->summary).'. '.(
                    null === $bug->fixedIn ? 'Not fixed in any release yet.' : 'Fixed in '.$bug->fixedIn.'.'
                ).' `preheat verify` and the bench\'s gate (pages fetched twice) catch it on the pages they see.',
                [],
                $preloading ? Rung::PreloadAll : Rung::PreloadHot,
            );
        }

        return $findings;
    }
}
