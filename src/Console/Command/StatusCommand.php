<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Console\InvalidOption;
use Preheat\Deploy\PreloadStatusChecker;
use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Report\Deploy\StatusJsonRenderer;
use Preheat\Report\Deploy\StatusTextRenderer;
use Preheat\Util\DisplayString;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\OutputInterface;

/** Exit codes: 0 fresh, 1 stale (restart php-fpm), 2 bad input, 3 php-fpm cannot be reached. */
final class StatusCommand extends Command
{
    public function __construct()
    {
        parent::__construct('status');
    }

    protected function configure(): void
    {
        $this
            ->setDescription('Ask a running php-fpm what it preloaded, and whether that is the script and the files on disk now')
            ->addArgument('script', InputArgument::OPTIONAL, 'The preload script php-fpm is configured with', 'preload.php')
            ->addOption('fastcgi', null, InputOption::VALUE_REQUIRED, 'Where the pool listens: HOST:PORT or a socket path (its `listen =`)')
            ->addOption('probe-dir', null, InputOption::VALUE_REQUIRED, 'Where to put the one-off status script php-fpm runs: a directory php-fpm can read (default: the script\'s)')
            ->addOption('wait', null, InputOption::VALUE_REQUIRED, 'Seconds to wait for php-fpm to answer', '10')
            ->addOption('format', null, InputOption::VALUE_REQUIRED, 'text or json', 'text');
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        $format = PlanInput::format($input, 'text', 'json');
        $address = $input->getOption('fastcgi');
        if (null === $address || '' === trim((string) $address)) {
            throw new InvalidOption('--fastcgi is needed: the address php-fpm\'s pool listens on (`listen =` in its pool file), e.g. --fastcgi=/run/php/php8.2-fpm.sock or --fastcgi=127.0.0.1:9000.');
        }
        $timeout = filter_var($input->getOption('wait'), \FILTER_VALIDATE_FLOAT);
        if (false === $timeout || $timeout <= 0) {
            throw new InvalidOption('--wait must be a number of seconds above 0.');
        }
        $probeDir = $input->getOption('probe-dir');
        $status = (new PreloadStatusChecker(new FastCgiClient($timeout)))->check((string) $address, (string) $input->getArgument('script'), null === $probeDir ? null : (string) $probeDir);
        if ('json' === $format) {
            $output->writeln((new StatusJsonRenderer())->render($status), OutputInterface::OUTPUT_RAW);
        } else {
            $output->writeln(array_map(DisplayString::of(...), (new StatusTextRenderer())->render($status)));
        }

        return $status->exitCode();
    }
}
