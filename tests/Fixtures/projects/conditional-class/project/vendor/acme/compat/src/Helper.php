<?php

namespace Acme\Compat;

class_exists(BaseCommand::class);

final class Helper
{
}
