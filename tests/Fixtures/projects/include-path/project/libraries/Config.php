<?php

namespace Admin;

final class Config
{
}
