<?php

namespace Modules\Blog;

final class Post
{
}
