<?php

namespace Acme\Http;

class Request
{
}
