<?php

namespace App\Command;

use App\Entity\Post;
use Doctrine\ORM\EntityManagerInterface;
use Symfony\Component\Console\Attribute\AsCommand;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Output\OutputInterface;

#[AsCommand(name: 'app:seed', description: 'Adds the seed posts and comments to an empty database')]
final class SeedCommand extends Command
{
    private const POSTS = [
        ['preloading-in-practice', 'Preloading in practice', 'What OPcache preloading does to a framework: classes linked once at start-up.'],
        ['warm-caches-cold-starts', 'Warm caches, cold starts', 'A restart empties OPcache; the first requests pay for compiling every file.'],
        ['doctrine-without-surprises', 'Doctrine without surprises', 'Proxies, metadata caches and what the ORM does on the first request.'],
        ['twig-templates-compiled', 'Twig templates, compiled', 'Twig compiles templates to PHP classes: OPcache caches them like any other file.'],
        ['sizing-php-fpm-pools', 'Sizing php-fpm pools', 'pm.max_children from memory per worker, not from a guess.'],
        ['measuring-honestly', 'Measuring req/s honestly', 'Interleave the runs, report the spread, and never benchmark on a busy laptop.'],
    ];

    public function __construct(private readonly EntityManagerInterface $entityManager)
    {
        parent::__construct();
    }

    protected function execute(InputInterface $input, OutputInterface $output): int
    {
        if ($this->entityManager->getRepository(Post::class)->count([]) > 0) {
            $output->writeln('Already seeded');

            return Command::SUCCESS;
        }
        foreach (self::POSTS as $i => [$slug, $title, $summary]) {
            $post = new Post($slug, $title, $summary."\n\n".str_repeat($summary.' ', 5), new \DateTimeImmutable(sprintf('2026-01-%02d 09:00:00', $i + 1)));
            foreach (['Ana', 'Bram', 'Chiara'] as $j => $author) {
                $post->addComment($author, sprintf('Comment %d from %s on "%s".', $j + 1, $author, $title), new \DateTimeImmutable(sprintf('2026-01-%02d 1%d:00:00', $i + 1, $j)));
            }
            $this->entityManager->persist($post);
        }
        $this->entityManager->flush();
        $output->writeln(sprintf('Seeded %d posts', \count(self::POSTS)));

        return Command::SUCCESS;
    }
}
