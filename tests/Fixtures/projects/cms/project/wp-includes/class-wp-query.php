<?php

class WP_Query
{
    /** @var list<WP_Post> */
    public $posts = [];
}
