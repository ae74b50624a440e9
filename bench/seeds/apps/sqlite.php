<?php

declare(strict_types=1);

// A page that reads from SQLite: ten rows of a table the seeds run fills before it starts the servers
// (in data/ next to this directory), opened read-only on every request as a php-fpm app would.
$pdo = new PDO('sqlite:'.dirname(__DIR__).'/data/seeds.sqlite', null, null, [
    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
    PDO::SQLITE_ATTR_OPEN_FLAGS => PDO::SQLITE_OPEN_READONLY,
]);
$id = 1 + (int) (hrtime(true) % 90);
$query = $pdo->prepare('SELECT id, title, views FROM posts WHERE id >= ? ORDER BY id LIMIT 10');
$query->execute([$id]);
$rows = $query->fetchAll(PDO::FETCH_ASSOC);
$body = '';
foreach ($rows as $row) {
    $body .= sprintf("%03d %-40s %6d\n", $row['id'], $row['title'], $row['views']);
}
header('Content-Type: text/plain');
header('Content-Length: '.strlen($body));
echo $body;
