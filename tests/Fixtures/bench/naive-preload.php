<?php

// Preloads every file of the bench fixture app, as a naive preloader would: Greeting.php's define() then never runs.
foreach (['Renderable', 'Page', 'HomePage', 'Greeting'] as $class) {
    opcache_compile_file(__DIR__.'/app/src/'.$class.'.php');
}
