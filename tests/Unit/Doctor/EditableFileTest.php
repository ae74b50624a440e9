<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Doctor;

use PHPUnit\Framework\TestCase;
use Preheat\Doctor\Finding\EditableFile;
use Preheat\Tests\Support\TemporaryDirectory;

/** A fix names a file the user can change: it exists (or can be created), they can write it, no package owns it. */
final class EditableFileTest extends TestCase
{
    public function testAFileOfAPackageOrInAPackagesDirectoryIsNotToBeEdited(): void
    {
        $directory = new TemporaryDirectory('preheat-editable-');
        try {
            mkdir($directory->path.'/lists');
            mkdir($directory->path.'/app');
            file_put_contents($directory->path.'/app/composer.json', '{}');
            file_put_contents(
                $directory->path.'/lists/webapp:all.list',
                "/.\n{$directory->path}/app\n{$directory->path}/app/composer.json\n",
            );
            $lists = $directory->path.'/lists';

            $owned = EditableFile::inspect($directory->path.'/app/composer.json', $lists);
            self::assertSame('webapp', $owned->package);
            self::assertSame(
                $directory->path.'/app/composer.json belongs to the system package webapp: a change there is lost at '
                .'its next upgrade',
                $owned->problem(),
            );

            $toCreate = EditableFile::inspect($directory->path.'/app/preload.php', $lists);
            self::assertSame(
                $directory->path.'/app belongs to the system package webapp: a file written there does not survive '
                .'its upgrades',
                $toCreate->problem(),
            );

            // A conffile is listed too, but dpkg keeps a changed one: the admin's to edit.
            mkdir($directory->path.'/etc');
            file_put_contents($directory->path.'/etc/www.conf', '');
            file_put_contents(
                $directory->path.'/lists/php-fpm.list',
                "{$directory->path}/etc\n{$directory->path}/etc/www.conf\n",
            );
            file_put_contents($directory->path.'/lists/php-fpm.conffiles', "{$directory->path}/etc/www.conf\n");
            self::assertNull(EditableFile::inspect($directory->path.'/etc/www.conf', $lists)->problem());

            file_put_contents($directory->path.'/mine.ini', '');
            self::assertNull(
                EditableFile::inspect($directory->path.'/mine.ini', $lists)->problem(),
                'the user\'s own file',
            );
            self::assertNull(
                EditableFile::inspect($directory->path.'/new.ini', $lists)->problem(),
                'a file the user can create',
            );
            self::assertSame(
                '/nonexistent-preheat/php.ini does not exist, nor does its directory',
                EditableFile::inspect('/nonexistent-preheat/php.ini', $lists)->problem(),
            );
        } finally {
            $directory->remove();
        }
    }

    public function testAFileTheUserCannotWriteSaysWhoOwnsItAndAsWhomToChangeIt(): void
    {
        $readOnly = new EditableFile('/etc/php/8.2/fpm/php.ini', true, false, 'root', 0o644, null, 'deploy');
        self::assertSame(
            'you (deploy) cannot write /etc/php/8.2/fpm/php.ini (owned by root, mode 0644): make the change as root',
            $readOnly->problem(),
        );

        $noCreate = new EditableFile('/srv/app/preload.php', false, false, 'www-data', 0o755, null, 'deploy');
        self::assertSame(
            '/srv/app/preload.php does not exist, and you (deploy) cannot create it in /srv/app (owned by www-data, '
            .'mode 0755)',
            $noCreate->problem(),
        );
    }
}
