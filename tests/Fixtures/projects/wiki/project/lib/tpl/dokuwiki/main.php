<?php
// A template: output, no declarations.
?>
<html><body><?php echo 'wiki'; ?></body></html>
