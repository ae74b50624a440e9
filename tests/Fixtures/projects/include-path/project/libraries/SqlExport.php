<?php

namespace Admin;

class SqlExport extends \PhpMyLib\Sql\Parser
{
}
