<?php

namespace dokuwiki\Extension;

abstract class SyntaxPlugin implements PluginInterface
{
    public function getInfo(): array
    {
        return ['base' => static::class];
    }
}
