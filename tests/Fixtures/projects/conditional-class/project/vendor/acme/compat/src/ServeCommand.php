<?php

namespace Acme\Compat;

class ServeCommand extends BaseCommand
{
}
