<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\AppProfile;
use Preheat\Doctor\Finding;
use Preheat\Doctor\PreloadStatus;
use Preheat\Doctor\Rung;
use Preheat\Doctor\ServerConfig;
use Preheat\Doctor\Severity;

/** Preload bugs of the installed PHP version, from a table kept here (php-src issue numbers). */
final class KnownPreloadBugsRule implements Rule
{
    /** @return list<KnownPreloadBug> */
    public static function bugs(): array
    {
        return [
            new KnownPreloadBug(
                'php-src#10131',
                'an anonymous class extending a class the preload did not load (it is autoloaded later) is not preloaded; the second request that creates it fails with a TypeError on its return type',
                '7.4.0',
                null,
            ),
            new KnownPreloadBug(
                'php-src#17715',
                'calling a method of a preloaded enum crashes the worker (null pointer in the observer API) when an extension observes function calls',
                '8.1.0',
                null,
                ['ddtrace', 'opentelemetry', 'newrelic', 'scoutapm', 'tideways', 'skywalking', 'zend_test'],
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
                \sprintf('PHP %s has preload bug %s%s', $server->phpVersion, $bug->issue, [] === $loaded ? '' : ' (with '.implode(', ', $loaded).' loaded)'),
                ucfirst($bug->summary).'. '.(null === $bug->fixedIn ? 'Not fixed in any release yet.' : 'Fixed in '.$bug->fixedIn.'.').' `preheat verify` and the bench\'s gate (pages fetched twice) catch it on the pages they see.',
                [],
                $preloading ? Rung::PreloadAll : Rung::PreloadHot,
            );
        }

        return $findings;
    }
}
