<?php

#[\Deprecated(message: 'use ACME_TYPE_RANDOM instead')]
const ACME_TYPE_DCE = 4;
