<?php

define('FORMATTING_CHARSET', 'UTF-8');

function esc_html(string $text): string
{
    return htmlspecialchars($text, ENT_QUOTES, FORMATTING_CHARSET);
}
