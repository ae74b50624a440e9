<?php

declare(strict_types=1);

namespace Preheat;

/**
 * The user's settings an error can be about. Domain code names the setting in its message in words
 * ("the project directory"); only the console knows which option of which command sets it.
 */
enum Setting: string
{
    case Project = 'project';
    case Paths = 'paths';
    case IncludeDirectories = 'includeDirectories';
    case Ignore = 'ignore';
    case Output = 'output';
    case CacheDirectory = 'cacheDirectory';
    case PhpBinary = 'phpBinary';
    case PhpIni = 'phpIni';
    case PoolUser = 'poolUser';
    case Store = 'store';
    case MergeTarget = 'mergeTarget';
    case Bootstrap = 'bootstrap';
    case RecordedDirectories = 'recordedDirectories';
    case BufferDirectory = 'bufferDirectory';
    case Sample = 'sample';
    case Batch = 'batch';
    case FlushSeconds = 'flushSeconds';
    case Coverage = 'coverage';
    case MinShare = 'minShare';
    case Budget = 'budget';
    case Config = 'config';
    case Urls = 'urls';
    case Scenarios = 'scenarios';
    case ReportDirectory = 'reportDirectory';
    case BaselineReport = 'baselineReport';
    case Assertions = 'assertions';
    case StatusUrl = 'statusUrl';
}
