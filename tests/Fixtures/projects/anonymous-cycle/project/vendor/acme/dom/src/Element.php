<?php

namespace Acme\Dom;

interface Element extends Node
{
}
