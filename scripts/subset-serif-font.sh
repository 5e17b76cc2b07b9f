#!/usr/bin/env bash
# Writes src/web/fonts/newsreader-core-wght-normal.woff2: the Latin file of Newsreader (the site's
# serif, from @fontsource-variable/newsreader) cut down to the characters nearly every English
# headline and paragraph is made of. The page preloads this file for its first paint; the full Latin
# file stays declared for any other character (é, £, ×...) and is fetched only by a page that has one
# (styles.css, the @font-face after the fontsource import). 58 KB → 35 KB: at Lighthouse's mobile
# throughput the bytes before the first paint are about a tenth of a second shorter.
#
# The committed file is this script's output; run it again after upgrading the font package.
# Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli).
# Keep CORE_RANGE equal to the unicode-range of the core @font-face in src/web/styles.css.
set -euo pipefail
cd "$(dirname "$0")/.."
CORE_RANGE='U+0020-007E,U+00A0,U+00A9,U+00AB,U+00AD,U+00B7,U+00BB,U+2010-2011,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026'
SOURCE=node_modules/@fontsource-variable/newsreader/files/newsreader-latin-wght-normal.woff2
PYTHON=$(command -v /usr/bin/python3 || command -v python3)
# Kerning and the standard ligatures (fi, fl) kept: headlines are set large enough to show their loss.
"$PYTHON" -m fontTools.subset "$SOURCE" --unicodes="$CORE_RANGE" --layout-features='kern,liga' \
  --flavor=woff2 --output-file=src/web/fonts/newsreader-core-wght-normal.woff2
ls -l src/web/fonts/newsreader-core-wght-normal.woff2
