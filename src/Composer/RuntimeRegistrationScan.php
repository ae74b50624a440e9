<?php

declare(strict_types=1);

namespace Preheat\Composer;

use Preheat\Util\BoundedRead;

/**
 * Finds, by reading the code (no PHP runs), calls that register namespaces or classes with Composer's class loader
 * at run time: `->addPsr4(`, `->setPsr4(` or `->addClassMap(` on anything, and `->add(` or `->set(` (PSR-0) on a
 * receiver whose name says it is a loader (`$loader`, `$this->classLoader`) with a string first argument, the
 * prefix; those two names are too common on other objects to count on their own. A CMS that adds its modules'
 * prefixes while it boots breaks once the classmap is authoritative. Composer's own files (vendor/composer) and
 * the packages it installed (the vendor directory) are not the app's: they are not read.
 */
final class RuntimeRegistrationScan
{
    /** Files larger than this are not read: generated code, not where an app boots its modules. */
    private const MAX_FILE_BYTES = 2 * 1048576;

    /** Enough to say where; the first few are what a report shows. */
    private const MAX_FOUND = 10;

    private const ANY_RECEIVER = ['addpsr4', 'setpsr4', 'addclassmap'];

    private const LOADER_RECEIVER = ['add', 'set'];

    /**
     * @param iterable<string> $files
     *
     * @return list<RuntimeRegistration> in the order of $files, at most MAX_FOUND
     */
    public function find(iterable $files, ?string $vendorDir): array
    {
        $found = [];
        foreach ($files as $file) {
            if (null !== $vendorDir && str_starts_with($file, rtrim($vendorDir, '/').'/')) {
                continue;
            }
            $code = BoundedRead::orNull($file, self::MAX_FILE_BYTES);
            if (null === $code || 1 !== preg_match('{->\s*(?:addPsr4|setPsr4|addClassMap|add|set)\s*\(}i', $code)) {
                continue;
            }
            foreach (self::calls($file, $code) as $registration) {
                $found[] = $registration;
                if (\count($found) >= self::MAX_FOUND) {
                    return $found;
                }
            }
        }

        return $found;
    }

    /** @return list<RuntimeRegistration> */
    private static function calls(string $file, string $code): array
    {
        try {
            $tokens = SignificantTokens::of($code);
        } catch (\Throwable) {
            return [];
        }
        $calls = [];
        foreach ($tokens as $i => $token) {
            if (!$token->is([\T_OBJECT_OPERATOR, \T_NULLSAFE_OBJECT_OPERATOR])) {
                continue;
            }
            $method = $tokens[$i + 1] ?? null;
            if (null === $method || !$method->is(\T_STRING) || !($tokens[$i + 2] ?? null)?->is('(')) {
                continue;
            }
            $name = strtolower($method->text);
            $receiver = $tokens[$i - 1] ?? null;
            $receiverName = null !== $receiver && $receiver->is([\T_VARIABLE, \T_STRING]) ? $receiver->text : null;
            if (\in_array($name, self::LOADER_RECEIVER, true)) {
                $loader = null !== $receiverName && false !== stripos($receiverName, 'loader');
                if (!$loader || !($tokens[$i + 3] ?? null)?->is(\T_CONSTANT_ENCAPSED_STRING)) {
                    continue;
                }
            } elseif (!\in_array($name, self::ANY_RECEIVER, true)) {
                continue;
            }
            $shown = null === $receiverName ? '' : (str_starts_with($receiverName, '$') ? '' : '…->').$receiverName;
            $calls[] = new RuntimeRegistration($file, $method->line, $shown.'->'.$method->text.'()');
        }

        return $calls;
    }
}
