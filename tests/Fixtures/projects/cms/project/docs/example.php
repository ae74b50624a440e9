<?php

class WP_Query
{
}
