<?php

declare(strict_types=1);

namespace Preheat\Config;

/** One key of preheat.json, as ConfigKeys declares it: the schema and the key checks are made of these. */
final class ConfigKey
{
    /**
     * @param string $path the key with its objects' keys before it, dotted; `[]` for an entry of a list:
     *                     bench.worker.adapter, bench.urls[].path
     */
    public function __construct(
        public readonly string $path,
        public readonly JsonType $type,
        public readonly string $description,
        /** The range a count or a length of time takes, when it is one. */
        public readonly ?Bound $bound = null,
        /** The registry the value is one of (or, for an object, that names its keys). */
        public readonly ?Choice $choice = null,
    ) {
    }

    /** The object the key is in ('' for the top). */
    public function parent(): string
    {
        $dot = strrpos($this->path, '.');

        return false === $dot ? '' : substr($this->path, 0, $dot);
    }

    public function name(): string
    {
        $dot = strrpos($this->path, '.');

        return false === $dot ? $this->path : substr($this->path, $dot + 1);
    }
}
