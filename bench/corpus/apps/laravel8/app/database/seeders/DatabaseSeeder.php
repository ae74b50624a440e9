<?php

namespace Database\Seeders;

use Illuminate\Database\Seeder;
use Illuminate\Support\Facades\DB;
use RuntimeException;

class DatabaseSeeder extends Seeder
{
    /**
     * Replace every author, tag and post with those in database/seed/posts.json.
     *
     * The file fixes every id and date, so seeding twice gives the same database.
     *
     * @return void
     */
    public function run()
    {
        $path = database_path('seed/posts.json');
        $data = json_decode((string) file_get_contents($path), true);

        if (! is_array($data) || ! isset($data['authors'], $data['tags'], $data['posts'])) {
            throw new RuntimeException("{$path} does not hold authors, tags and posts.");
        }

        DB::transaction(function () use ($data) {
            DB::table('post_tag')->delete();
            DB::table('posts')->delete();
            DB::table('tags')->delete();
            DB::table('authors')->delete();

            $firstPost = min(array_column($data['posts'], 'published_at'));

            foreach (array_chunk($data['authors'], 50) as $chunk) {
                DB::table('authors')->insert(array_map(fn (array $author) => [
                    'id' => $author['id'],
                    'name' => $author['name'],
                    'slug' => $author['slug'],
                    'bio' => $author['bio'],
                    'created_at' => $firstPost,
                    'updated_at' => $firstPost,
                ], $chunk));
            }

            foreach (array_chunk($data['tags'], 50) as $chunk) {
                DB::table('tags')->insert(array_map(fn (array $tag) => [
                    'id' => $tag['id'],
                    'name' => $tag['name'],
                    'slug' => $tag['slug'],
                ], $chunk));
            }

            foreach (array_chunk($data['posts'], 50) as $chunk) {
                DB::table('posts')->insert(array_map(fn (array $post) => [
                    'id' => $post['id'],
                    'author_id' => $post['author_id'],
                    'title' => $post['title'],
                    'slug' => $post['slug'],
                    'excerpt' => $post['excerpt'],
                    'body' => $post['body'],
                    'published_at' => $post['published_at'],
                    'created_at' => $post['published_at'],
                    'updated_at' => $post['published_at'],
                ], $chunk));

                $links = [];
                foreach ($chunk as $post) {
                    foreach ($post['tags'] as $tagId) {
                        $links[] = ['post_id' => $post['id'], 'tag_id' => $tagId];
                    }
                }
                DB::table('post_tag')->insert($links);
            }
        });

        $this->command->info(sprintf(
            'Seeded %d authors, %d tags and %d posts.',
            count($data['authors']),
            count($data['tags']),
            count($data['posts'])
        ));
    }
}
