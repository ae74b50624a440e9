<?php

namespace Acme\Uuid;

function v4(): string
{
    return Uuid::v4();
}
