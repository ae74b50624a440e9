<?php

namespace splitbrain\PHPArchive;

abstract class Archive
{
}
