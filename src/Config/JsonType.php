<?php

declare(strict_types=1);

namespace Preheat\Config;

/** What a key of preheat.json holds, as its schema says it: the JSON type and the shape around it. */
enum JsonType
{
    case String;
    case Integer;
    case Number;
    /** A number above 0. */
    case PositiveNumber;
    case Boolean;
    /** Seconds, or text such as "4m". */
    case Duration;
    case StringList;
    /** An object of the keys declared under it (or that its Choice names), and no other. */
    case Object;
    /** A list of at least one page: a path, or an object of the keys declared under `KEY[]`. */
    case Pages;
    /** An object of at least one NAME: string. */
    case NamedStrings;

    /**
     * The schema's keywords that come before the description.
     *
     * @return array<string, mixed>
     */
    public function head(): array
    {
        return match ($this) {
            self::String => ['type' => 'string'],
            self::Integer => ['type' => 'integer'],
            self::Number => ['type' => 'number'],
            self::PositiveNumber => ['type' => 'number', 'exclusiveMinimum' => 0],
            self::Boolean => ['type' => 'boolean'],
            self::Duration => ['type' => ['number', 'string']],
            self::StringList => ['type' => 'array', 'items' => ['type' => 'string']],
            self::Object => ['type' => 'object', 'additionalProperties' => false],
            self::Pages => ['type' => 'array', 'minItems' => 1],
            self::NamedStrings => ['type' => 'object', 'minProperties' => 1, 'additionalProperties' => [
                'type' => 'string',
            ]],
        };
    }
}
