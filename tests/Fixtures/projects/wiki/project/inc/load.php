<?php
// The wiki's own autoloader: classes under inc/ by namespace, plugins under lib/plugins/.
spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'dokuwiki\\')) {
        require __DIR__.'/'.str_replace('\\', '/', substr($class, 9)).'.php';
    } elseif (str_starts_with($class, 'syntax_plugin_')) {
        require __DIR__.'/../lib/plugins/'.substr($class, 14).'/syntax.php';
    }
});
