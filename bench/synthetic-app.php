<?php

declare(strict_types=1);

/*
 * Writes a synthetic app of N PHP files for measuring how generate scales (issue 32: cold CPU linear in the file
 * count, peak memory under 1 GB at 30,000 files): packages of directories of about 100 files each, of classes in
 * hierarchies (each extends an abstract base or an earlier class of its package, implements earlier interfaces and
 * uses an earlier trait), interfaces, traits and, one file in a hundred, a file with side effects (functions,
 * define() and top-level code). Files are about the size of Debian's /usr/share/php's (4 KB on average), each with
 * typed methods, properties and constants, so that the parse does per file what it does on a real tree. The same N
 * writes the same files: the shape is drawn from a fixed seed.
 *
 * Usage: php bench/synthetic-app.php N DIRECTORY   (DIRECTORY must not exist; a composer.json with the tree as a
 *        classmap is written beside src/)
 */

if (3 !== $argc || !ctype_digit($argv[1]) || (int) $argv[1] < 10 || (int) $argv[1] > 200000) {
    fwrite(\STDERR, "Usage: php bench/synthetic-app.php N DIRECTORY (N from 10 to 200000 files; a new directory)\n");
    exit(2);
}
$count = (int) $argv[1];
$root = rtrim($argv[2], '/');
if (file_exists($root)) {
    fwrite(\STDERR, "$root exists: give a new directory for the synthetic app.\n");
    exit(2);
}
mt_srand(32);

const PER_DIRECTORY = 100;
const PER_PACKAGE = 1000;

/** @var list<array{kind: string, fqcn: string, methods: list<string>}> what is declared so far, by file number */
$declared = [];
/** @var array<int, list<int>> package => its file numbers of each kind */
$interfaces = [];
$traits = [];
$bases = [];
$classes = [];

/** A method of a few typed parameters and lines; $abstract: the keyword ('abstract ' in a class, '' in an interface). */
$method = static function (string $name, int $seed, ?string $abstract = null): string {
    $types = ['int', 'string', 'float', 'bool', 'array', '?string', 'iterable', 'int|string'];
    $parameters = [];
    for ($p = 0; $p < 1 + $seed % 3; ++$p) {
        $parameters[] = $types[($seed + $p) % \count($types)].' $arg'.$p;
    }
    $signature = sprintf('public function %s(%s): string', $name, implode(', ', $parameters));
    if (null !== $abstract) {
        return "    /**\n     * Returns the $name of the arguments.\n     */\n    $abstract$signature;\n";
    }
    $body = [];
    for ($line = 0; $line < 3 + $seed % 4; ++$line) {
        $body[] = sprintf(
            "        \$value%d = sprintf('%%s-%%d', '%s', %d + strlen(self::PREFIX));",
            $line,
            bin2hex(pack('N', $seed * 31 + $line)),
            $line,
        );
    }
    $body[] = "        \$this->counter++;\n        if (\$this->counter > ".($seed % 100 + 1).") {\n"
        ."            \$this->counter = 0;\n        }";

    return "    /**\n     * Computes the $name of the arguments, bounded by the counter.\n     */\n"
        ."    $signature\n    {\n".implode("\n", $body)."\n\n        return implode(',', [\$value0, (string) \$this->counter]);\n"
        ."    }\n";
};

for ($i = 0; $i < $count; ++$i) {
    $package = intdiv($i, PER_PACKAGE);
    $directory = intdiv($i % PER_PACKAGE, PER_DIRECTORY);
    $namespace = sprintf('Synthetic\\Package%d\\Part%d', $package, $directory);
    $path = sprintf('%s/src/Package%d/Part%d', $root, $package, $directory);
    $position = $i % PER_PACKAGE;
    $draw = mt_rand(0, 99);
    // The first files of a package are what the rest builds on.
    $kind = match (true) {
        $position < 5 => 'interface',
        $position < 8 => 'trait',
        $position < 12 => 'base',
        99 === $draw => 'effects',
        $draw < 8 => 'interface',
        $draw < 14 => 'trait',
        $draw < 20 => 'base',
        default => 'class',
    };
    $pick = static fn (array $numbers): ?int => [] === $numbers ? null : $numbers[mt_rand(0, \count($numbers) - 1)];
    $name = match ($kind) {
        'interface' => 'Contract'.$i,
        'trait' => 'Behaviour'.$i,
        'base' => 'AbstractModel'.$i,
        'effects' => 'bootstrap'.$i,
        default => 'Model'.$i,
    };
    $code = "<?php\n\ndeclare(strict_types=1);\n\nnamespace $namespace;\n\n";
    $methods = [];
    switch ($kind) {
        case 'interface':
            $parent = mt_rand(0, 2) > 0 ? null : $pick($interfaces[$package] ?? []);
            $extends = null === $parent ? '' : ' extends \\'.$declared[$parent]['fqcn'];
            $methods = ['contract'.$i.'First', 'contract'.$i.'Second'];
            $code .= "/**\n * A contract of the synthetic app.\n */\ninterface $name$extends\n{\n"
                ."    public const VERSION_$i = '$i.0';\n\n"
                .$method($methods[0], $i, '')."\n".$method($methods[1], $i + 1, '')."}\n";
            $interfaces[$package][] = $i;
            break;
        case 'trait':
            $methods = ['behaviour'.$i];
            $code .= "/**\n * A behaviour shared by models of the synthetic app.\n */\ntrait $name\n{\n"
                ."    private int \$used$i = 0;\n\n".$method($methods[0], $i)."}\n";
            $traits[$package][] = $i;
            break;
        case 'effects':
            $code .= "use function sprintf;\n\ndefine('SYNTHETIC_BOOTSTRAP_$i', '$namespace');\n\n"
                ."function helper$i(string \$name): string\n{\n    return sprintf('%s:%s', SYNTHETIC_BOOTSTRAP_$i, \$name);\n}\n\n"
                ."\$GLOBALS['synthetic_registry'][] = helper$i('loaded');\n";
            break;
        default:
            $abstract = 'base' === $kind;
            // Hierarchies up to 4 deep: parents of depth 3 or less.
            $parents = array_values(array_filter(
                $abstract ? ($bases[$package] ?? []) : [...($bases[$package] ?? []), ...($classes[$package] ?? [])],
                static fn (int $n): bool => $declared[$n]['depth'] < 4,
            ));
            $parent = mt_rand(0, 4) > 0 ? $pick($parents) : null;
            $implemented = [];
            for ($n = mt_rand(0, 3) > 1 ? 1 : 0; $n > 0; --$n) {
                $interface = $pick($interfaces[$package] ?? []);
                if (null !== $interface) {
                    $implemented[$interface] = true;
                }
            }
            $trait = mt_rand(0, 2) > 0 ? $pick($traits[$package] ?? []) : null;
            $header = ($abstract ? 'abstract ' : '').'class '.$name
                .(null === $parent ? '' : ' extends \\'.$declared[$parent]['fqcn'])
                .([] === $implemented ? '' : ' implements '.implode(', ', array_map(
                    static fn (int $n): string => '\\'.$declared[$n]['fqcn'],
                    array_keys($implemented),
                )));
            $body = null === $trait ? '' : '    use \\'.$declared[$trait]['fqcn'].";\n\n";
            $body .= "    public const PREFIX = 'm$i';\n\n    protected int \$counter = 0;\n\n"
                ."    private ?string \$label = null;\n\n";
            // Every method of the interfaces (and of theirs), declared here again with the same signature.
            $owed = [];
            $queue = array_keys($implemented);
            while ([] !== $queue) {
                $interface = array_pop($queue);
                foreach ($declared[$interface]['methods'] as $m => $seed) {
                    $owed[$m] = $seed;
                }
                array_push($queue, ...$declared[$interface]['parents']);
            }
            foreach ($owed as $m => $seed) {
                $body .= $method($m, $seed)."\n";
            }
            for ($m = 0; $m < 2 + mt_rand(0, 4); ++$m) {
                $methods[] = 'operation'.$i.'x'.$m;
                $body .= $method('operation'.$i.'x'.$m, $i + $m)."\n";
            }
            if ($abstract) {
                $body .= $method('template'.$i, $i, 'abstract ')."\n";
            } elseif (null !== $parent) {
                // Every abstract method up the chain, implemented with its signature.
                for ($ancestor = $parent; null !== $ancestor; $ancestor = $declared[$ancestor]['parent']) {
                    if ('base' === $declared[$ancestor]['kind']) {
                        $body .= $method('template'.$ancestor, $ancestor)."\n";
                    }
                }
            }
            $code .= "/**\n * A model of the synthetic app.\n */\n$header\n{\n".rtrim($body)."\n}\n";
            if ($abstract) {
                $bases[$package][] = $i;
            } else {
                $classes[$package][] = $i;
            }
    }
    $declared[$i] = [
        'kind' => $kind,
        'fqcn' => $namespace.'\\'.$name,
        // Each method by the seed its signature was drawn from: the file's number plus its position.
        'methods' => array_combine($methods, array_map(static fn (int $k): int => $i + $k, array_keys($methods))),
        'parents' => 'interface' === $kind && null !== ($parent ?? null) ? [$parent] : [],
        'parent' => \in_array($kind, ['base', 'class'], true) ? ($parent ?? null) : null,
        'depth' => \in_array($kind, ['base', 'class'], true) && null !== ($parent ?? null)
            ? $declared[$parent]['depth'] + 1
            : 1,
    ];
    if (!is_dir($path) && !mkdir($path, 0o755, true)) {
        fwrite(\STDERR, "Cannot create $path.\n");
        exit(3);
    }
    file_put_contents($path.'/'.$name.'.php', $code);
    unset($parent);
}
$composer = ['name' => 'preheat/synthetic-app', 'autoload' => ['classmap' => ['src/']]];
file_put_contents($root.'/composer.json', json_encode($composer, \JSON_UNESCAPED_SLASHES | \JSON_PRETTY_PRINT)."\n");
fwrite(\STDERR, sprintf("Wrote %d PHP files under %s/src.\n", $count, $root));
