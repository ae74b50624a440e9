# Sourced by the bench scripts that bench a project, the bundled demo by default: when it is the demo,
# installs what the demo needs and sets it up; as root, exports WEB_USER so that php-fpm's workers run
# as the pool's user (the demo must write sessions, caches and the database as that user).
#
# Usage: . bench/lib/demo-project.sh; prepare_bench_project "$project"
prepare_bench_project() {
    if [ "$1" = demo ]; then
        bash scripts/install-deps.sh demo
        if [ "$(id -u)" = 0 ] && id www-data >/dev/null 2>&1; then
            export WEB_USER=${WEB_USER:-www-data}
        fi
        bash demo/setup.sh >/dev/null
    fi
}
