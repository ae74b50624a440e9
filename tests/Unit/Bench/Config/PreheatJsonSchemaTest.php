<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Config;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Bench\Load\Schedule;
use Preheat\Bench\Load\Tool\LoadTools;
use Preheat\Config\PreheatJsonSchema;
use Preheat\ConfigError;
use Preheat\Server\Binaries;
use Preheat\Server\Serve\RuntimeRegistry;
use Preheat\Tests\Support\BenchConfigs;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Worker\WorkerAdapter;

/**
 * resources/preheat.schema.json (for editors) is the one `make schema` makes of Config\ConfigKeys and the registries,
 * and it and BenchConfigLoader (for Preheat) say the same of preheat.json: the documents one refuses the other refuses
 * too. No JSON-schema validator is a dependency: the schema's few keywords are checked by validate() below.
 */
final class PreheatJsonSchemaTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        mkdir($this->directory->path.'/public');
        file_put_contents($this->directory->path.'/public/index.php', "<?php echo 'hi';\n");
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testTheCommittedSchemaIsTheOneTheKeyTableAndTheRegistriesMake(): void
    {
        $made = BenchConfigs::loader()->schema()->json();

        self::assertSame(
            $made,
            file_get_contents(self::root().'/'.PreheatJsonSchema::FILE),
            PreheatJsonSchema::FILE.' is made by `make schema` from Preheat\Config\ConfigKeys and the registries, not'
            .' edited by hand: change the table (or the registry), then run make schema',
        );
    }

    public function testTheSchemasChoicesAreTheRegistries(): void
    {
        $bench = self::schema()->properties->bench->properties;
        $binaries = Binaries::common() + RuntimeRegistry::standard()->binaries() + LoadTools::standard()->binaries();

        self::assertSame(array_keys($binaries), array_keys(get_object_vars($bench->binaries->properties)));
        self::assertSame(RuntimeRegistry::standard()->names(), $bench->runtime->enum);
        self::assertSame(LoadTools::standard()->names(), $bench->tool->enum);
        self::assertSame(Schedule::names(), $bench->schedule->enum);
        self::assertSame(array_column(WorkerAdapter::cases(), 'value'), $bench->worker->properties->adapter->enum);
    }

    public function testADocumentWithEveryKindOfValueAndASchemaIsValidForBoth(): void
    {
        $document = <<<'JSON'
            {
                "$schema": "vendor/preheat/preheat/resources/preheat.schema.json",
                "generate": {"paths": ["src"], "ignore": ["src/Legacy"]},
                "bench": {
                    "documentRoot": "public", "frontController": "index.php",
                    "urls": ["/", {"path": "/login", "expect": "Sign in"}],
                    "scenarios": {"none": "none", "all": "all"},
                    "rounds": 3, "duration": 2.5, "warmup": 1, "concurrency": 4, "workers": 2, "tool": "wrk",
                    "cgiRequests": 50, "masks": ["/[0-9a-f]{32}/"], "opcacheMemory": 128, "timeout": 30,
                    "binaries": {"nginx": "nginx"}, "usage": "usage.log", "hot": {"coverage": 0.99, "minShare": 0.05, "budget": "12M"},
                    "recordSeconds": 10, "recorderSample": 1, "runtime": "fpm", "precision": 2, "maxTime": "4m", "ladder": false,
                    "callgrindRequests": 20, "callgrindWarmup": 5, "schedule": "together", "restartEvery": 4
                }
            }
            JSON;

        self::assertSame([], self::validate(json_decode($document, false, flags: \JSON_THROW_ON_ERROR), self::schema(), ''));
        self::assertSame([], $this->loaderErrors($document));
    }

    /** @return iterable<string, array{string}> */
    public static function invalidDocuments(): iterable
    {
        yield 'an unknown top key' => ['{"benchmark": {}}'];
        yield '$schema not a string' => ['{"$schema": 1}'];
        yield 'an unknown bench key' => ['{"bench": {"round": 3}}'];
        yield 'rounds not a whole number' => ['{"bench": {"rounds": "3"}}'];
        yield 'duration not a number' => ['{"bench": {"duration": "2s"}}'];
        yield 'ladder not true or false' => ['{"bench": {"ladder": "yes"}}'];
        yield 'a tool there is not' => ['{"bench": {"tool": "siege"}}'];
        yield 'a runtime there is not' => ['{"bench": {"runtime": "roadrunner"}}'];
        yield 'a schedule there is not' => ['{"bench": {"schedule": "sometimes"}}'];
        yield 'urls empty' => ['{"bench": {"urls": []}}'];
        yield 'a url without a path' => ['{"bench": {"urls": [{"expect": "hi"}]}}'];
        yield 'a url with an unknown key' => ['{"bench": {"urls": [{"path": "/", "status": 200}]}}'];
        yield 'scenarios a list' => ['{"bench": {"scenarios": ["none", "all"]}}'];
        yield 'a scenario not a string' => ['{"bench": {"scenarios": {"none": 0}}}'];
        yield 'precision 0' => ['{"bench": {"precision": 0}}'];
        yield 'maxTime true' => ['{"bench": {"maxTime": true}}'];
        yield 'an unknown binary' => ['{"bench": {"binaries": {"caddy": "caddy"}}}'];
        yield 'a worker adapter there is not' => ['{"bench": {"worker": {"adapter": "rails"}}}'];
        yield 'a worker key mistyped' => ['{"bench": {"worker": {"maxRequests": "10"}}}'];
        yield 'hot budget a number' => ['{"bench": {"hot": {"budget": 12}}}'];
        yield 'generate paths a string' => ['{"generate": {"paths": "src"}}'];
        yield 'masks not strings' => ['{"bench": {"masks": [1]}}'];
    }

    #[DataProvider('invalidDocuments')]
    public function testADocumentOneRefusesTheOtherRefusesToo(string $document): void
    {
        self::assertNotSame([], self::validate(json_decode($document, false, flags: \JSON_THROW_ON_ERROR), self::schema(), ''), 'the schema refuses it');
        self::assertNotSame([], $this->loaderErrors($document), 'the loader refuses it');
    }

    /** @return list<string> what BenchConfigLoader says of the document as the project's preheat.json */
    private function loaderErrors(string $document): array
    {
        file_put_contents($this->directory->path.'/preheat.json', $document);
        try {
            BenchConfigs::loader()->load($this->directory->path, null);
        } catch (ConfigError $error) {
            return [$error->getMessage()];
        }

        return [];
    }

    private static function root(): string
    {
        return \dirname(__DIR__, 4);
    }

    private static function schema(): \stdClass
    {
        $schema = json_decode((string) file_get_contents(self::root().'/'.PreheatJsonSchema::FILE), false, flags: \JSON_THROW_ON_ERROR);
        self::assertInstanceOf(\stdClass::class, $schema);

        return $schema;
    }

    /**
     * The keywords the schema uses (type, enum, properties, additionalProperties, required, items, anyOf, minItems,
     * minProperties, exclusiveMinimum), as JSON Schema 2020-12 defines them; an unknown keyword fails the test.
     *
     * @return list<string> the errors, empty when $value is valid
     */
    private static function validate(mixed $value, \stdClass $schema, string $path): array
    {
        $known = ['$schema', '$id', 'title', 'description', 'type', 'enum', 'properties', 'additionalProperties', 'required', 'items', 'anyOf', 'minItems', 'minProperties', 'exclusiveMinimum'];
        self::assertSame([], array_diff(array_keys(get_object_vars($schema)), $known), 'a keyword validate() does not know');
        if (isset($schema->anyOf)) {
            foreach ($schema->anyOf as $choice) {
                if ([] === self::validate($value, $choice, $path)) {
                    return [];
                }
            }

            return [$path.': matches none of anyOf'];
        }
        if (isset($schema->type)) {
            $type = match (true) {
                \is_string($value) => ['string'],
                \is_int($value) => ['integer', 'number'],
                \is_float($value) => ['number'],
                \is_bool($value) => ['boolean'],
                \is_array($value) => ['array'],
                \is_object($value) => ['object'],
                default => ['null'],
            };
            if ([] === array_intersect($type, (array) $schema->type)) {
                return [$path.': not '.implode(' or ', (array) $schema->type)];
            }
        }
        if (isset($schema->enum) && !\in_array($value, $schema->enum, true)) {
            return [$path.': not one of '.implode(', ', $schema->enum)];
        }
        if (isset($schema->exclusiveMinimum) && (\is_int($value) || \is_float($value)) && $value <= $schema->exclusiveMinimum) {
            return [$path.': not above '.$schema->exclusiveMinimum];
        }
        $errors = [];
        if (\is_array($value)) {
            if (\count($value) < ($schema->minItems ?? 0)) {
                $errors[] = $path.': too few items';
            }
            foreach (isset($schema->items) ? $value : [] as $i => $item) {
                $errors = [...$errors, ...self::validate($item, $schema->items, $path.'['.$i.']')];
            }
        }
        if (\is_object($value)) {
            $members = get_object_vars($value);
            if (\count($members) < ($schema->minProperties ?? 0)) {
                $errors[] = $path.': too few members';
            }
            foreach ($schema->required ?? [] as $required) {
                if (!\array_key_exists($required, $members)) {
                    $errors[] = $path.'.'.$required.': missing';
                }
            }
            foreach ($members as $key => $member) {
                $rule = $schema->properties->{$key} ?? $schema->additionalProperties ?? true;
                if (false === $rule) {
                    $errors[] = $path.'.'.$key.': unknown';
                } elseif ($rule instanceof \stdClass) {
                    $errors = [...$errors, ...self::validate($member, $rule, $path.'.'.$key)];
                }
            }
        }

        return $errors;
    }
}
