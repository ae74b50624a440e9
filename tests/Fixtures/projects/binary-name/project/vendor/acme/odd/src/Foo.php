<?php
class Foo {}
