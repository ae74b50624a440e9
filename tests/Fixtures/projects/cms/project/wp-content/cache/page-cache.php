<?php
// Written by a caching plugin at run time.
function hello_dolly_lyric()
{
    return 'Hello, Dolly (cached)';
}
