<?php

function __($text)
{
    return $text;
}

function _e($text)
{
    echo __($text);
}
