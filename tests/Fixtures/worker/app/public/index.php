<?php

// A micro workload for the worker's plain-script mode: says which worker answered and what it was asked.
printf("pid %d n %s body %d\n", getmypid(), $_GET['n'] ?? '-', strlen(http_build_query($_POST)));
