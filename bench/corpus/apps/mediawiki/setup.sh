#!/usr/bin/env bash
# MediaWiki from Debian's `mediawiki` package, laid out the way Debian deploys it (like /var/lib/mediawiki):
# the site's directory holds symlinks into /usr/share/mediawiki (its own autoloader, includes/, vendor/,
# skins, extensions) plus its LocalSettings.php, SQLite data and caches. MediaWiki finds its settings through
# /usr/share/mediawiki/LocalSettings.php -> /var/lib/mediawiki/LocalSettings.php -> /etc/mediawiki/, so
# /etc/mediawiki/LocalSettings.php is a one-line file that requires the site's (written only when absent or
# ours). Seeded with a few articles, a template and a category. Idempotent.
set -euo pipefail
# shellcheck source=../../lib.sh
. "$(dirname "$0")/../../lib.sh"
need_packages mediawiki "php$PHP_VERSION-sqlite3" "php$PHP_VERSION-intl" "php$PHP_VERSION-mbstring" "php$PHP_VERSION-xml"

app=$WORK_DIR/mediawiki
version=$(package_version mediawiki)
marker='Written by bench/corpus/apps/mediawiki/setup.sh'
etc_settings=/etc/mediawiki/LocalSettings.php
if [ -e "$etc_settings" ] && ! grep -q "$marker" "$etc_settings"; then
    die "$etc_settings exists and is not the corpus's: move it away to set the corpus wiki up"
fi

if [ "$(cat "$app/.corpus-version" 2>/dev/null)" != "$version" ]; then
    log "mediawiki: setting up Debian's MediaWiki $version in $app"
    rm -rf "$app"
    mkdir -p "$app"
    cp -a /var/lib/mediawiki/. "$app/"
    rm -f "$app/LocalSettings.php" "$etc_settings" # the installer must not find settings (ours, checked above)
    mkdir -p "$app/data"
    (cd /usr/share/mediawiki && "$PHP" maintenance/install.php --dbtype=sqlite --dbpath="$app/data" \
        --dbname=corpuswiki --server=http://localhost --scriptpath= --confpath="$app" --skins=Vector \
        --lang=en --pass=corpus-wiki-admin-password 'Corpus Wiki' admin >"$app/install.log" 2>&1) ||
        { tail -30 "$app/install.log" >&2; die "MediaWiki's installer failed (log: $app/install.log)"; }
    cat >>"$app/LocalSettings.php" <<PHP

# $marker: the wiki answers on whatever loopback port it is served from; no jobs run during page views;
# the localisation cache in files, made at setup; the usual extensions of a Debian wiki.
\$wgServer = WebRequest::detectServer();
\$wgJobRunRate = 0;
\$wgCacheDirectory = "$app/cache";
\$wgUploadDirectory = "$app/images";
\$wgEnableUploads = false;
\$wgMainCacheType = CACHE_NONE;
\$wgParserCacheType = CACHE_DB;
\$wgShowIPinHeader = false;
wfLoadExtension('ParserFunctions');
wfLoadExtension('Cite');
wfLoadExtension('CategoryTree');
wfLoadExtension('InputBox');
PHP
    echo "$version" >"$app/.corpus-version"
fi

mkdir -p /etc/mediawiki
printf '<?php\n// %s: the corpus wiki keeps its settings in its own directory.\nrequire %s;\n' \
    "$marker" "'$app/LocalSettings.php'" >"$etc_settings"

if [ ! -f "$app/data/.corpus-seeded" ]; then
    log "mediawiki: seeding pages and building the localisation cache"
    (cd /usr/share/mediawiki &&
        for page in "$CORPUS_DIR"/apps/mediawiki/pages/*.wiki; do
            # File names stand for titles, "__" for the namespace's colon (Category__Operations.wiki).
            title=$(basename "$page" .wiki)
            "$PHP" maintenance/edit.php --summary='Corpus seed' --user=admin "${title/__/:}" <"$page" >/dev/null ||
                die "could not seed $title"
        done &&
        "$PHP" maintenance/rebuildLocalisationCache.php --lang=en --force >/dev/null &&
        "$PHP" maintenance/runJobs.php >/dev/null)
    touch "$app/data/.corpus-seeded"
fi
hand_to_web_user "$app/data" "$app/cache" "$app/images"

cat >"$app/preheat.json" <<'JSON'
{
    "bench": {
        "documentRoot": ".",
        "frontController": "index.php",
        "urls": [
            {"path": "/index.php?title=Main_Page", "expect": "Welcome to the corpus wiki"},
            {"path": "/index.php?title=OPcache_preloading", "expect": "opcache.preload"},
            {"path": "/index.php?title=Category:Performance", "expect": "OPcache preloading"},
            {"path": "/index.php?title=OPcache_preloading&action=history", "expect": "Corpus seed"},
            {"path": "/index.php?title=Special:AllPages", "expect": "Php-fpm pools"},
            {"path": "/api.php?action=query&list=allpages&format=json", "expect": "\"allpages\""}
        ],
        "scenarios": {"none": "none", "all": "all", "trace": "trace"}
    }
}
JSON
log "mediawiki: ready in $app"
