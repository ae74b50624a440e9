<?php

function wp_admin_notice($message)
{
    echo $message;
}
