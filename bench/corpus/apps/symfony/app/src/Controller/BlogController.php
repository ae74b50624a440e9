<?php

namespace App\Controller;

use App\Entity\Post;
use Doctrine\ORM\EntityManagerInterface;
use Symfony\Bundle\FrameworkBundle\Controller\AbstractController;
use Symfony\Component\HttpFoundation\JsonResponse;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpKernel\Exception\NotFoundHttpException;
use Symfony\Component\Routing\Attribute\Route;

final class BlogController extends AbstractController
{
    public function __construct(private readonly EntityManagerInterface $entityManager)
    {
    }

    #[Route('/', name: 'blog_index')]
    public function index(): Response
    {
        $posts = $this->entityManager->createQuery(
            'SELECT p, c FROM App\Entity\Post p LEFT JOIN p.comments c ORDER BY p.publishedAt DESC'
        )->getResult();

        return $this->render('blog/index.html.twig', ['posts' => $posts]);
    }

    #[Route('/posts/{slug}', name: 'blog_post')]
    public function post(string $slug): Response
    {
        $post = $this->entityManager->getRepository(Post::class)->findOneBy(['slug' => $slug])
            ?? throw new NotFoundHttpException('No post '.$slug);

        return $this->render('blog/post.html.twig', ['post' => $post]);
    }

    #[Route('/api/posts', name: 'blog_api')]
    public function api(): JsonResponse
    {
        $rows = $this->entityManager->createQuery(
            'SELECT p.slug, p.title, COUNT(c.id) AS comments FROM App\Entity\Post p LEFT JOIN p.comments c GROUP BY p.id ORDER BY p.publishedAt DESC'
        )->getArrayResult();

        return new JsonResponse(['data' => $rows]);
    }
}
