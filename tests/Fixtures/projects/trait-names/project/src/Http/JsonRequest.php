<?php

namespace App\Http;

class JsonRequest extends Request
{
}
