<?php
class © {}
