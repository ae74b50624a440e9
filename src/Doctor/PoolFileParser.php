<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\Doctor\Profile\PoolConfig;
use Preheat\Php\Fpm\FpmConfigError;
use Preheat\Php\Fpm\FpmConfigReader;

/**
 * Reads a php-fpm pool file named on its own (doctor's --pool) as php-fpm's configuration is read everywhere else
 * (FpmConfigReader: ini syntax, one [section] per pool, include= followed, each directive with its line). A file
 * that php-fpm could not read either is bad input, named with PHP's own complaint.
 */
final class PoolFileParser
{
    /** @return list<PoolConfig> */
    public function parse(string $file): array
    {
        try {
            $configuration = (new FpmConfigReader())->readPools([$file], 'named');
        } catch (FpmConfigError $error) {
            throw null === $error->syntax
                ? DoctorInputError::unreadablePool($error->configFile)
                : DoctorInputError::badPool($error->configFile, $error->syntax);
        }
        $pools = [];
        foreach ($configuration->pools as $pool) {
            $config = PoolConfig::of($pool);
            $children = $config->values['pm.max_children'] ?? null;
            if (null !== $children && !ctype_digit(trim($children))) {
                throw DoctorInputError::badPool($file, \sprintf('pm.max_children = %s is not a number', $children));
            }
            $pools[] = $config;
        }

        return $pools;
    }
}
