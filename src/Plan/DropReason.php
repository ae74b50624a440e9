<?php

declare(strict_types=1);

namespace Preheat\Plan;

/** Why a file or class is left out of a preload script. The values are stable: JSON consumers match on them. */
enum DropReason: string
{
    case DevPackage = 'dev-package';
    case Ignored = 'ignored';
    case ParseError = 'parse-error';
    case NothingToPreload = 'nothing-to-preload';
    case SideEffects = 'side-effects';
    case IncludedByPath = 'included-by-path';
    case UnreachableDeclaration = 'unreachable-declaration';
    case BuiltinName = 'builtin-name';
    case AutoloadMismatch = 'autoload-mismatch';
    case DuplicateClass = 'duplicate-class';
    case DuplicateFunction = 'duplicate-function';
    case MissingDependency = 'missing-dependency';
    case ConditionalDependency = 'conditional-dependency';
    case DroppedDependency = 'dropped-dependency';
    case VarianceDependency = 'variance-dependency';
    case IncompatibleSignature = 'incompatible-signature';
    case SharesFile = 'shares-file';
    case CircularDependency = 'circular-dependency';
    case FailedVerification = 'failed-verification';
    case NotSelected = 'not-selected';
    case OverIniCapacity = 'over-ini-capacity';

    /** A short heading for reports. */
    public function label(): string
    {
        return match ($this) {
            self::DevPackage => 'in a dev package',
            self::Ignored => 'matched an ignore pattern',
            self::ParseError => 'does not parse',
            self::NothingToPreload => 'declares nothing preloadable',
            self::SideEffects => 'top-level side effects',
            self::IncludedByPath => 'included by path: fatal from the next release\'s path',
            self::UnreachableDeclaration => 'declares a class PHP never reaches',
            self::BuiltinName => 'name PHP has built in',
            self::AutoloadMismatch => 'autoloader uses another file',
            self::DuplicateClass => 'class declared twice',
            self::DuplicateFunction => 'function declared twice',
            self::MissingDependency => 'needs a class that is not there',
            self::ConditionalDependency => 'needs a conditional class',
            self::DroppedDependency => 'needs a left-out class',
            self::VarianceDependency => 'a method signature needs a class that is not preloaded',
            self::IncompatibleSignature => 'a method signature PHP refuses',
            self::SharesFile => 'shares a file with a left-out class',
            self::CircularDependency => 'circular dependency between files',
            self::FailedVerification => 'failed when PHP preloaded it',
            self::NotSelected => 'not selected by the strategy',
            self::OverIniCapacity => 'does not fit the php.ini\'s OPcache sizes',
        };
    }
}
