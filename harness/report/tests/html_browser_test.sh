#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# html_browser_test.sh - compliance.html in a real browser: headless
# Chromium renders the report of a failing run (the broken example
# bad-cs64-bit-order, its cs64 vectors) and checks that
#   - a screenshot is written, is a PNG, and is not blank: a blank
#     1280x1600 page makes a PNG of about 8 KB here, the report one of
#     200 KB or more; the test wants more than 40 KB;
#   - the inline script ran (--dump-dom: <html data-filters="ready">, the
#     filter bar no longer hidden) and the filters work: with ?verdict=fail
#     every rules and checklist row that is not a failure is hidden and the
#     failing ones are shown;
#   - without JavaScript every row shows and the filter bar stays hidden:
#     the report degrades to the full list (read from the file as served);
#   - --print-to-pdf writes a PDF (%PDF header, more than 20 KB).
# When `chromium` is not on PATH it prints "SKIP: chromium not installed"
# and passes (.ci/run installs it). Environment: RIOCHECK (the riocheck
# binary; lib/ is found beside its folder), CHROMIUM (default: chromium).
# Ends with "html_browser_test: N passed, N failed".

CHROMIUM=${CHROMIUM:-chromium}
if ! command -v "$CHROMIUM" > /dev/null 2>&1; then
    echo "SKIP: chromium not installed (apt-get install chromium)"
    echo "html_browser_test: 0 passed, 0 failed"
    exit 0
fi
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
BIN=$(cd "$(dirname "$R")" && pwd)
R=$BIN/$(basename "$R")
LIB=$BIN/../lib
pass=0; fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() {
    what=$1; shift
    if "$@"; then ok; else bad "$what"; fi
}

# chrome ARGS... URL: one headless run, its own profile; the bound only stops
# a hung browser (600 s): under a load of 16 printing the report took over
# 120 s, so a tighter bound failed the test on a slow machine
chrome() {
    rm -rf "$tmp/profile"
    timeout 600 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --no-first-run --disable-extensions --disable-dev-shm-usage \
        --user-data-dir="$tmp/profile" "$@" 2>> "$tmp/chromium.log"
}

size() { wc -c < "$1" | tr -d ' '; }

if [ ! -f "$LIB/riocheck-bad-cs64-bit-order.so" ]; then
    echo "html_browser_test: $LIB/riocheck-bad-cs64-bit-order.so missing (build make check's examples)"
    echo "html_browser_test: 0 passed, 1 failed"
    exit 1
fi
"$R" run --dut "$LIB/riocheck-bad-cs64-bit-order.so" --area cs64 --sweep-stride 61 \
    --out "$tmp/out" > "$tmp/run.tap" 2>&1
check "the run fails (status 1)" [ $? = 1 ]
HTML=$tmp/out/compliance.html
URL=file://$HTML
check "compliance.html written" [ -s "$HTML" ]

# screenshot: a PNG, not blank
chrome --screenshot="$tmp/shot.png" --window-size=1280,1600 "$URL" > /dev/null
check "screenshot written" [ -s "$tmp/shot.png" ]
check "screenshot is a PNG" [ "$(head -c 8 "$tmp/shot.png" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
n=$(size "$tmp/shot.png" 2>/dev/null || echo 0)
check "screenshot not blank ($n bytes, want > 40000)" [ "$n" -gt 40000 ]

# the script ran and a preset filter hides what is not a failure
chrome --dump-dom "$URL?verdict=fail" > "$tmp/dom.html"
check "the script ran (data-filters=ready)" grep -q '<html lang="en" data-filters="ready">' "$tmp/dom.html"
check "the filter bar is shown" grep -q '<div class="filters" id="filters">' "$tmp/dom.html"
shown_fail=$(grep -c '<tr class="r-fail" data-verdict="fail" [^>]*">' "$tmp/dom.html")
hidden_other=$(grep '<tr class="r-[a-z-]*" data-verdict="[a-z-]*"' "$tmp/dom.html" |
               grep -v 'data-verdict="fail"' | grep -c 'hidden=""')
all_other=$(grep '<tr class="r-[a-z-]*" data-verdict="[a-z-]*"' "$tmp/dom.html" |
            grep -vc 'data-verdict="fail"')
check "?verdict=fail shows the failing rows ($shown_fail)" [ "$shown_fail" -gt 0 ]
check "there are rows that are not failures ($all_other)" [ "$all_other" -gt 0 ]
check "?verdict=fail hides the $all_other others ($hidden_other hidden)" [ "$hidden_other" = "$all_other" ]
check "the count says so" grep -q "id=\"filter-count\">$shown_fail of $((shown_fail + all_other)) rows shown<" "$tmp/dom.html"

# without JavaScript: everything shows, no dead controls. (Chromium's
# --dump-dom needs script, so this is read from the file as served: the
# script is the only thing that hides a row or shows the bar.)
check "no JS: no row hidden in the file" eval '! grep "<tr class=" "$HTML" | grep -q "hidden="'
check "no JS: the filter bar hidden in the file" grep -q '<div class="filters" id="filters" hidden="hidden">' "$HTML"
check "no JS: the same rows as with it" [ "$(grep -c '<tr class="r-' "$HTML")" = "$(grep -c '<tr class="r-' "$tmp/dom.html")" ]

# printing
chrome --print-to-pdf="$tmp/report.pdf" --no-pdf-header-footer "$URL" > /dev/null
check "PDF written" [ "$(head -c 4 "$tmp/report.pdf" 2>/dev/null)" = "%PDF" ]
n=$(size "$tmp/report.pdf" 2>/dev/null || echo 0)
check "PDF not empty ($n bytes, want > 20000)" [ "$n" -gt 20000 ]

if [ "$fail" -ne 0 ]; then
    echo "chromium said:"
    grep -v 'dbus' "$tmp/chromium.log" | tail -n 20
fi
echo "html_browser_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
