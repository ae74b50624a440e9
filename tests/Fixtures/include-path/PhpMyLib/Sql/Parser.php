<?php

namespace PhpMyLib\Sql;

class Parser
{
}
