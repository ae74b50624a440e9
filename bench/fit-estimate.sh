#!/usr/bin/env bash
# Checks the estimate behind a fit that is not booted again (CapacityFitter::estimate()): for each tree and each
# interned-string buffer too small for its whole plan, `preheat generate` fits the plan; when it installs the fit
# without booting it, the script is verified with that buffer (`preheat verify --strict`: no overflow, no
# warning) and `generate --strict` boots the same fit to measure what it takes, which must not exceed the most
# the estimate allowed. Prints, per fit, the room, what the whole plan took, the estimate and what PHP measured,
# and the share of the average saving each dropped source byte really saved (the estimate counts 0.6 at least), also
# for the fits that were booted (against a run that does not fit).
# Exits 1 when a fit installed without a boot overflows or warns, or takes more than its bound.
#   bench    Debian's /usr/share/php (after `make corpus`, Debian's Laravel framework and more: 6,286 files)
#   symfony, demo, laravel8, mediawiki ...   the corpus apps installed under bench/corpus/work
#
# Usage: bench/fit-estimate.sh [BUFFER_MB ...]   (default: 3 4 6 8)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh test
trees=(bench=/usr/share/php)
corpus_work=${CORPUS_WORK:-bench/corpus/work}
for app in demo symfony laravel8 mediawiki phpmyadmin wordpress; do
    if [ -d "$corpus_work/$app" ]; then
        trees+=("$app=,$(cd "$corpus_work/$app" && pwd)")
    fi
done
exec php bench/fit-estimate.php "${*:-3 4 6 8}" "${trees[@]}"
