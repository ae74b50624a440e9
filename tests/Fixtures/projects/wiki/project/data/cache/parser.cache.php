<?php
// A compiled page the wiki writes at run time.
return ['html' => '<p>cached</p>'];
