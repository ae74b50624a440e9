<?php

final class WP_Post
{
    public $ID = 0;
}
