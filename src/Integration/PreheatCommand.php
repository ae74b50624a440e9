<?php

declare(strict_types=1);

namespace Preheat\Integration;

use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\ArgvInput;
use Symfony\Component\Console\Input\ArrayInput;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat:generate` and `preheat:status` in the app's own console (artisan, bin/console): it hands every
 * option on to Preheat's CLI, run as a child process (PreheatCli), and returns its exit code. Built on the
 * app's Symfony Console (5.4 to 7), so it uses only what all of them have.
 */
final class PreheatCommand extends Command
{
    /** Options of the app's console that Preheat's CLI knows too, so they are handed on. */
    private const SHARED_OPTIONS = [
        'help', 'quiet', 'silent', 'verbose', 'version', 'ansi', 'no-ansi', 'no-interaction',
    ];

    private readonly PreheatCli $cli;

    public function __construct(private readonly string $preheatCommand, string $projectDir, ?string $binary = null)
    {
        $this->cli = new PreheatCli($projectDir, $binary);
        parent::__construct('preheat:'.$preheatCommand);
    }

    /** @return list<self> */
    public static function all(string $projectDir, ?string $binary = null): array
    {
        return [new self('generate', $projectDir, $binary), new self('status', $projectDir, $binary)];
    }

    protected function configure(): void
    {
        $this->setDescription(match ($this->preheatCommand) {
            'generate' => 'Writes and verifies the OPcache preload script (runs `preheat generate`)',
            default => 'Says whether the preload script php-fpm runs is FRESH or STALE (runs `preheat status`)',
        });
        $this->setHelp(\sprintf(
            "Runs Preheat's `preheat %s` in the project directory with the options given here, "
            ."and exits with its exit code.\nIts options: `vendor/bin/preheat %1\$s --help`. "
            .'Set %s to run a preheat.phar instead of the installed package.',
            $this->preheatCommand,
            PreheatCli::BINARY_VARIABLE,
        ));
        // Preheat's options are Preheat's to check: the app's console only hands them on.
        $this->ignoreValidationErrors();
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $arguments = $this->arguments($input);
        if ($output->isDecorated() && !\in_array('--no-ansi', $arguments, true)) {
            $arguments[] = '--ansi';
        }
        $errors = $output instanceof ConsoleOutputInterface ? $output->getErrorOutput() : $output;

        return $this->cli->run(
            $this->preheatCommand,
            $arguments,
            static function (string $chunk) use ($output): void {
                $output->write($chunk, false, OutputInterface::OUTPUT_RAW);
            },
            static function (string $chunk) use ($errors): void {
                $errors->write($chunk, false, OutputInterface::OUTPUT_RAW);
            },
        );
    }

    /**
     * The tokens given after the command's name, less the app's own options that Preheat does not have
     * (Laravel's --env, Symfony's --env and --no-debug).
     *
     * @return list<string>
     */
    private function arguments(InputInterface $input): array
    {
        $tokens = [];
        if ($input instanceof ArgvInput) {
            $tokens = self::argvTokens($input);
        } elseif ($input instanceof ArrayInput) {
            $tokens = self::arrayTokens($input);
        }
        $appOptions = [];
        foreach ($this->getApplication()?->getDefinition()->getOptions() ?? [] as $option) {
            if (!\in_array($option->getName(), self::SHARED_OPTIONS, true)) {
                $appOptions[$option->getName()] = $option->acceptValue();
                if (null !== $option->getShortcut()) {
                    foreach (explode('|', $option->getShortcut()) as $shortcut) {
                        $appOptions['-'.$shortcut] = $option->acceptValue();
                    }
                }
            }
        }
        $kept = [];
        for ($i = 0, $count = \count($tokens); $i < $count; ++$i) {
            $token = $tokens[$i];
            if ('--' === $token) {
                array_push($kept, ...\array_slice($tokens, $i));
                break;
            }
            $name = str_starts_with($token, '--') ? explode('=', substr($token, 2), 2)[0] : null;
            $short = 1 === preg_match('/^-[^-]/', $token) ? substr($token, 0, 2) : null;
            $key = $name ?? $short;
            $known = null !== $key ? ($appOptions[$key] ?? null) : null;
            if (null === $known) {
                $kept[] = $token;
                continue;
            }
            // An app option: skip it, and its value when given as the next token.
            $inline = null !== $name ? str_contains($token, '=') : \strlen($token) > 2;
            if ($known && !$inline && isset($tokens[$i + 1]) && !str_starts_with($tokens[$i + 1], '-')) {
                ++$i;
            }
        }

        return $kept;
    }

    /**
     * The tokens after the command's name as the user typed it (an abbreviation too). Read from the input's
     * private tokens: getRawTokens() exists from Symfony Console 7.1 only.
     *
     * @return list<string>
     */
    private static function argvTokens(ArgvInput $input): array
    {
        $all = (new \ReflectionProperty(ArgvInput::class, 'tokens'))->getValue($input);
        $tokens = \is_array($all) ? array_values(array_map('strval', $all)) : [];
        $position = array_search($input->getFirstArgument(), $tokens, true);

        return false === $position ? [] : \array_slice($tokens, $position + 1);
    }

    /**
     * `Artisan::call('preheat:generate', ['--strategy' => 'hot'])` and the like.
     *
     * @return list<string>
     */
    private static function arrayTokens(ArrayInput $input): array
    {
        $parameters = (new \ReflectionProperty(ArrayInput::class, 'parameters'))->getValue($input);
        $parameters = \is_array($parameters) ? $parameters : [];
        // The command's name: under `command` (Symfony), else the first value without a key (Laravel's call()).
        $named = \array_key_exists('command', $parameters);
        $tokens = [];
        foreach ($parameters as $key => $value) {
            $key = (string) $key;
            if ('command' === $key) {
                continue;
            }
            if (!$named && !str_starts_with($key, '-')) {
                $named = true;
                continue;
            }
            if (!str_starts_with($key, '-')) {
                foreach ((array) $value as $item) {
                    $tokens[] = (string) $item;
                }
                continue;
            }
            foreach (\is_array($value) ? $value : [$value] as $item) {
                if (true === $item || null === $item) {
                    $tokens[] = $key;
                } elseif (false !== $item) {
                    $tokens[] = $key.'='.$item;
                }
            }
        }

        return $tokens;
    }
}
