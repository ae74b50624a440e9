<?php

function includeIfExists(string $file)
{
    return file_exists($file) ? include $file : false;
}
