<?php

namespace dokuwiki;

class Parser
{
}
