<?php

namespace Acme\Http;

class Response
{
}
