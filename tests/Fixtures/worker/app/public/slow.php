<?php

// Writes the PID of the worker serving it where the test says, then takes its time: the test kills that worker mid-request.
file_put_contents((string) $_GET['pidfile'], (string) getmypid());
sleep(30);
echo 'too late';
