<?php

function hello_dolly_lyric()
{
    return 'Hello, Dolly';
}
