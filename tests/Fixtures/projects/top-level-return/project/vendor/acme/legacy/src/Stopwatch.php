<?php

namespace Acme\Legacy;

class Stopwatch
{
}

return;

// PHP never declares this one (it implements an interface, so it is declared only when the code gets
// here), but opcache_compile_file() would: the file must stay out.
class LapCounter implements \Countable
{
    public function count(): int
    {
        return 0;
    }
}
