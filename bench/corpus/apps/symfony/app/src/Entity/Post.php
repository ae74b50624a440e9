<?php

namespace App\Entity;

use Doctrine\Common\Collections\ArrayCollection;
use Doctrine\Common\Collections\Collection;
use Doctrine\ORM\Mapping as ORM;

#[ORM\Entity]
#[ORM\Table(name: 'post')]
class Post
{
    #[ORM\Id]
    #[ORM\GeneratedValue]
    #[ORM\Column]
    private ?int $id = null;

    /** @var Collection<int, Comment> */
    #[ORM\OneToMany(targetEntity: Comment::class, mappedBy: 'post', cascade: ['persist'])]
    #[ORM\OrderBy(['publishedAt' => 'ASC'])]
    private Collection $comments;

    public function __construct(
        #[ORM\Column(length: 120, unique: true)]
        private string $slug,
        #[ORM\Column(length: 200)]
        private string $title,
        #[ORM\Column(type: 'text')]
        private string $body,
        #[ORM\Column]
        private \DateTimeImmutable $publishedAt,
    ) {
        $this->comments = new ArrayCollection();
    }

    public function getId(): ?int { return $this->id; }
    public function getSlug(): string { return $this->slug; }
    public function getTitle(): string { return $this->title; }
    public function getBody(): string { return $this->body; }
    public function getPublishedAt(): \DateTimeImmutable { return $this->publishedAt; }
    /** @return Collection<int, Comment> */
    public function getComments(): Collection { return $this->comments; }

    public function addComment(string $author, string $text, \DateTimeImmutable $at): void
    {
        $this->comments->add(new Comment($this, $author, $text, $at));
    }
}
