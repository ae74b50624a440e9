# Preheat: `make demo` and `make test` work on a fresh machine; each installs what is missing first.
PHP ?= php
PHPUNIT = $(PHP) vendor/bin/phpunit

.PHONY: demo test test-loaded test-php test-php84 unit integration faults check analyse cs cs-fix schema deps bench-generate corpus seeds phar

deps:
	@bash scripts/install-deps.sh test

## One self-contained executable, build/preheat.phar: Preheat and its runtime dependencies only, run as
## `php preheat.phar COMMAND` from any directory (no Composer needed where it runs).
phar: deps
	$(PHP) -d phar.readonly=0 scripts/build-phar.php build/preheat.phar

## Static analysis and the code-style check, then every test: unit tests, then those that start processes
## (among them the PHAR's build and a deploy with it), then the fault suite.
test: deps
	$(MAKE) --no-print-directory check
	$(MAKE) --no-print-directory phar
	$(PHPUNIT) --testsuite unit
	$(PHPUNIT) --testsuite integration
	$(PHPUNIT) --testsuite fault

## The integration and fault suites with 2 busy stress-ng workers per core beside them (LOAD_PER_CORE=N for
## another number): what a server shared with other work does to every check that reads a clock. Not in .ci/run.
test-loaded:
	@bash scripts/install-deps.sh loaded
	bash scripts/test-loaded.sh

## The unit, integration and fault suites on another PHP than the machine's, in a Debian root that ships it
## (made once under build/php-matrix/ with debootstrap, then reused; needs root): `make test-php VERSION=8.4`.
## The versions and their Debian suites are in scripts/php-matrix/versions; SUITES="unit integration" runs fewer.
VERSION ?= 8.4
SUITES ?= unit integration fault
test-php:
	bash scripts/php-matrix/test.sh $(VERSION) $(SUITES)

test-php84:
	$(MAKE) --no-print-directory test-php VERSION=8.4

unit: deps
	$(PHPUNIT) --testsuite unit

integration: deps
	$(PHPUNIT) --testsuite integration

## The fault and bad-input suite (doc/reliability.md): prints its table and writes it into doc/reliability.md.
faults: deps
	$(PHP) scripts/fault-table.php --write=doc/reliability.md

check: analyse cs

analyse: deps
	$(PHP) vendor/bin/phpstan analyse --no-progress --memory-limit=1G

cs: deps
	$(PHP) vendor/bin/php-cs-fixer fix --dry-run --diff

cs-fix: deps
	$(PHP) vendor/bin/php-cs-fixer fix

## Write resources/preheat.schema.json from preheat.json's key table (src/Config/ConfigKeys.php) and the registries;
## a unit test fails while the committed schema is not the one this writes.
schema: deps
	$(PHP) scripts/schema.php

## Generate and verify a preload script for the bundled demo project.
demo:
	@bash scripts/install-deps.sh demo
	@bash scripts/demo.sh

## Time generate + verify on a real vendor tree of about 5,000 files.
bench-generate: deps
	bash bench/generate.sh

## Set up six PHP apps (WordPress, MediaWiki, phpMyAdmin, a Symfony app, Debian's Laravel, the demo) and check Preheat on each
## with its defaults: generate, verify with php-fpm's php.ini, a real php-fpm start, the bench gate. Slow;
## not part of `test`. Needs root (apt-get). One app: `make corpus APPS=symfony`. On another PHP than the
## machine's 8.2, in the PHP matrix's root for it: `make corpus PHP_VERSION=8.4 APPS=symfony`.
PHP_VERSION ?= 8.2
corpus: deps
ifeq ($(PHP_VERSION),8.2)
	bash bench/corpus/run.sh $(APPS)
else
	bash bench/corpus/matrix.sh $(PHP_VERSION) $(APPS)
endif

## Reproduce the published benchmarks in shape on this machine (bench/seeds/): prints three tables beside the
## published figures and writes them, an SVG each and every run into bench/seeds/results/. At most about
## 15 minutes, loopback only; not part of `test`. Options: SEEDS_OPTIONS="--tables=2,3 --repeats=2".
seeds:
	@bash scripts/install-deps.sh seeds
	bash bench/seeds/run.sh
