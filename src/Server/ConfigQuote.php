<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * Strings written into the bench servers' configuration files (nginx, php-fpm, Apache), escaped by
 * each format's rules, or refused when a format cannot carry them safely. Every one of them is
 * hostile: a project's path may hold a quote, a brace, a semicolon or a dollar sign, and a value that
 * ended its string early would add directives of its own. Each method returns the inside of a
 * double-quoted string: the templates write the quotes.
 */
final class ConfigQuote
{
    /** nginx's variable holding a literal "$", declared by the template: nginx has no escape for "$". */
    public const NGINX_DOLLAR = '${preheat_dollar}';

    /**
     * A value of an nginx directive that takes no variables (pid, error_log, listen, temp paths):
     * backslash and double quote escaped.
     *
     * @param string $what what the value is, for the refusal, e.g. "the document root (bench.documentRoot)"
     */
    public static function nginx(string $value, string $what): string
    {
        self::refuseControl($value, $what, 'nginx');

        return addcslashes($value, '\\"');
    }

    /** A value of an nginx directive that expands variables (root, try_files, fastcgi_param, fastcgi_pass): "$" too. */
    public static function nginxScript(string $value, string $what): string
    {
        return str_replace('$', self::NGINX_DOLLAR, self::nginx($value, $what));
    }

    /**
     * A value of php-fpm's configuration. Its parser has no escape for a double quote, takes a backslash
     * as one, expands "${...}" and replaces "$pool" in pool values: all of those are refused.
     */
    public static function fpm(string $value, string $what): string
    {
        self::refuseControl($value, $what, 'php-fpm');
        foreach (['"' => 'a double quote', '\\' => 'a backslash', '$' => 'a dollar sign'] as $character => $name) {
            if (str_contains($value, $character)) {
                throw UnsafeConfigValue::because($what, $value, 'php-fpm', $name);
            }
        }

        return $value;
    }

    /**
     * A value of Apache's configuration: backslash and double quote escaped; "${" (a Define's value to Apache) refused.
     */
    public static function apache(string $value, string $what): string
    {
        self::refuseControl($value, $what, 'Apache');
        if (str_contains($value, '${')) {
            throw UnsafeConfigValue::because($what, $value, 'Apache', '"${" (Apache reads it as a variable)');
        }

        return addcslashes($value, '\\"');
    }

    /** A user or group name the servers switch to: the characters system accounts use, nothing else. */
    public static function account(string $name, string $what): string
    {
        if (1 !== preg_match('/^[A-Za-z0-9_][A-Za-z0-9._-]*\$?$/D', $name)) {
            throw UnsafeConfigValue::because($what, $name, 'the servers\'', 'characters no account name has');
        }

        return $name;
    }

    private static function refuseControl(string $value, string $what, string $format): void
    {
        if (1 === preg_match('/[\x00-\x1f\x7f]/', $value, $match)) {
            $error = UnsafeConfigValue::because(
                $what,
                $value,
                $format,
                "\n" === $match[0] ? 'a newline' : \sprintf('a control character (0x%02x)', \ord($match[0])),
            );
            throw $error;
        }
    }
}
