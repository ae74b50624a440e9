<?php

declare(strict_types=1);

// Installs WordPress into its empty database and adds the corpus's posts, a page, categories, tags and
// comments. Run from the site's directory by setup.sh, once (it sets the corpus_seeded option last).

define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] ??= 'localhost';
require getcwd().'/wp-load.php';
require_once ABSPATH.'wp-admin/includes/upgrade.php';

if (!is_blog_installed()) {
    wp_install('Corpus Blog', 'admin', 'admin@example.org', true, '', 'corpus-admin-password');
}
update_option('blogdescription', 'Notes on running PHP in production');
update_option('permalink_structure', '');
update_option('posts_per_page', 10);
update_option('timezone_string', 'UTC');
switch_theme(getenv('CORPUS_WP_THEME') ?: 'twentytwentyone');

$admin = get_user_by('login', 'admin');
$operations = wp_create_category('Operations');
$performance = wp_create_category('Performance');

// The default post and page: a real site replaces them.
wp_delete_post(1, true);
wp_update_post(['ID' => 2, 'post_title' => 'About this blog', 'post_name' => 'about',
    'post_content' => "<!-- wp:paragraph --><p>About this blog: notes from a team that runs PHP applications on php-fpm.</p><!-- /wp:paragraph -->"]);

$topics = [
    ['Preloading in practice', $performance, 'opcache preload', 'What OPcache preloading does to a framework: classes linked once at start-up.'],
    ['Warm caches, cold starts', $performance, 'opcache cache', 'A restart empties OPcache; the first requests pay for compiling every file.'],
    ['Taming log rotation', $operations, 'logs', 'Rotating logs without losing lines: copytruncate versus a reopen signal.'],
    ['Zero-downtime deploys', $operations, 'deploy', 'Switching a symlink and reloading php-fpm gracefully.'],
    ['Measuring req/s honestly', $performance, 'benchmark', 'Interleave the runs, report the spread, and never benchmark on a busy laptop.'],
    ['Backups you have restored', $operations, 'backup', 'A backup is only as good as the last restore you practised.'],
    ['Sizing php-fpm pools', $operations, 'php-fpm', 'pm.max_children from memory per worker, not from a guess.'],
    ['The cost of autoloading', $performance, 'opcache autoload', 'Class maps, PSR-4 lookups and what opcache.preload removes from a request.'],
];
foreach ($topics as $i => [$title, $category, $tags, $summary]) {
    $id = wp_insert_post([
        'post_title' => $title,
        'post_content' => "<!-- wp:paragraph --><p>$summary</p><!-- /wp:paragraph -->\n"
            ."<!-- wp:paragraph --><p>".str_repeat("$summary ", 6)."</p><!-- /wp:paragraph -->",
        'post_excerpt' => $summary,
        'post_status' => 'publish',
        'post_author' => $admin->ID,
        'post_category' => [$category],
        'tags_input' => explode(' ', $tags),
        'post_date' => sprintf('2026-01-%02d 09:00:00', $i + 1),
    ], true);
    if (is_wp_error($id)) {
        fwrite(STDERR, $id->get_error_message()."\n");
        exit(1);
    }
    foreach (['Ana', 'Bram'] as $j => $author) {
        wp_insert_comment([
            'comment_post_ID' => $id,
            'comment_author' => $author,
            'comment_author_email' => strtolower($author).'@example.org',
            'comment_content' => "Comment $j from $author on \"$title\".",
            'comment_approved' => 1,
            'comment_date' => sprintf('2026-01-%02d 1%d:00:00', $i + 1, $j),
        ]);
    }
}
update_option('corpus_seeded', 1);
echo "WordPress installed: ".count($topics)." posts\n";
