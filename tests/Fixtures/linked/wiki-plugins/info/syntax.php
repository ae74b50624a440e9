<?php

class syntax_plugin_info extends dokuwiki\Extension\SyntaxPlugin
{
}
