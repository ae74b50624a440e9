<?php

namespace Acme\Repo;

class Square extends Polygon
{
}
