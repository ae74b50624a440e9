<?php

namespace dokuwiki\Extension;

interface PluginInterface
{
    public function getInfo(): array;
}
