<?php

declare(strict_types=1);

namespace Preheat\Config;

/**
 * resources/preheat.schema.json, made of ConfigKeys, the registries' names (Choices) and the keys extensions
 * declare: the JSON schema an editor checks preheat.json against. `make schema` writes it (scripts/schema.php); a
 * unit test fails when the committed file is not what this makes, so the schema is never edited by hand.
 */
final class PreheatJsonSchema
{
    /** Where the schema is, relative to the repository's root. */
    public const FILE = 'resources/preheat.schema.json';

    /** @param list<ConfigKey> $declared the keys the extensions declare for themselves (a load tool's settings) */
    public function __construct(private readonly Choices $choices, private readonly array $declared)
    {
    }

    /** The schema as the file holds it: four-space indents, a newline at the end. */
    public function json(): string
    {
        return json_encode(
            $this->document(),
            \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES | \JSON_UNESCAPED_UNICODE | \JSON_THROW_ON_ERROR,
        )."\n";
    }

    /** @return array<string, mixed> */
    public function document(): array
    {
        return [
            '$schema' => 'https://json-schema.org/draft/2020-12/schema',
            '$id' => 'https://github.com/preheat/preheat/blob/main/'.self::FILE,
            'title' => PreheatJson::FILE,
            'description' => 'Settings of Preheat for a project: what generate scans, and how bench serves and'
                .' measures the app. Every key is optional; an unknown key is an error.',
            'type' => 'object',
            'additionalProperties' => false,
            'properties' => $this->properties(''),
        ];
    }

    /** @return array<string, array<string, mixed>> the keys of the object at $parent, by name */
    private function properties(string $parent): array
    {
        $properties = [];
        $declared = array_filter($this->declared, static fn (ConfigKey $key): bool => $key->parent() === $parent);
        foreach ([...ConfigKeys::keysUnder($parent), ...$declared] as $key) {
            $properties[$key->name()] = $this->key($key);
        }

        return $properties;
    }

    /** @return array<string, mixed> */
    private function key(ConfigKey $key): array
    {
        $schema = $key->type->head();
        if (null !== $key->choice && JsonType::String === $key->type) {
            $schema['enum'] = $this->choices->of($key->choice);
        }
        $schema['description'] = $key->description;

        return $schema + match ($key->type) {
            JsonType::Object => ['properties' => null === $key->choice
                ? $this->properties($key->path)
                : $this->roles($key->choice)],
            JsonType::Pages => ['items' => ['anyOf' => [
                ['type' => 'string'],
                [
                    'type' => 'object',
                    'additionalProperties' => false,
                    'required' => ['path'],
                    'properties' => $this->properties($key->path.'[]'),
                ],
            ]]],
            default => [],
        };
    }

    /** @return array<string, array<string, string>> an object whose keys a registry names: bench.binaries */
    private function roles(Choice $choice): array
    {
        $properties = [];
        foreach ($this->choices->of($choice) as $role) {
            $properties[$role] = ['type' => 'string', 'description' => \sprintf('The %s binary', $role)];
        }

        return $properties;
    }
}
