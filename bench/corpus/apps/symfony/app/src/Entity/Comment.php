<?php

namespace App\Entity;

use Doctrine\ORM\Mapping as ORM;

#[ORM\Entity]
#[ORM\Table(name: 'comment')]
class Comment
{
    #[ORM\Id]
    #[ORM\GeneratedValue]
    #[ORM\Column]
    private ?int $id = null;

    public function __construct(
        #[ORM\ManyToOne(targetEntity: Post::class, inversedBy: 'comments')]
        #[ORM\JoinColumn(nullable: false)]
        private Post $post,
        #[ORM\Column(length: 80)]
        private string $author,
        #[ORM\Column(type: 'text')]
        private string $text,
        #[ORM\Column]
        private \DateTimeImmutable $publishedAt,
    ) {
    }

    public function getAuthor(): string { return $this->author; }
    public function getText(): string { return $this->text; }
    public function getPublishedAt(): \DateTimeImmutable { return $this->publishedAt; }
}
