#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# html_test.sh - the HTML compliance report (compliance.html) and the copy of
# the interpretations shipped with it, checked without a browser
# (docs/html-report.md; html_browser_test.sh renders it in Chromium).
#
# Runs riocheck on the built-in reference, on a broken example
# (bad-cs64-bit-order: hundreds of failures, so the per-rule cap shows), on
# the hostile name-markup library, and on a --dut-cmd DUT written here whose
# name, version and every answer are markup meant to break out of the page
# ("</script><img onerror=...>", an external <script src>, a <style>). For
# every report it checks:
#   - the first line is <!DOCTYPE html> and the rest is well-formed XML
#     (BUILD/VARIANT/hostile/xmlcheck): every element closed and nested;
#   - self-contained: exactly one <script> and one <style> element of its
#     own, no src= attribute, no <link>, <iframe>, <object>, <embed>, no
#     url( or @import, and every href is a fragment (#...) or the shipped
#     copy (interpretations.html, interpretations.md);
#   - every rule that a vector failed (results.tsv column 6) has its failure
#     group (id="fail-RULE") and its rules-table row, and the number of
#     failing vectors shown matches results.tsv;
#   - the failure list is capped per rule: RC_HTML_FAILING_SHOWN (20) shown,
#     the rest inside <details> with "K more";
#   - hostile text comes out escaped: no tag the DUT wrote appears as a tag;
#   - the interpretation links land on an id of interpretations.html, which
#     is well-formed too, and interpretations.md is a byte copy of the docs;
#   - a --root without docs/interpretations.md still completes, ships no copy,
#     and the report says so; --html FILE writes the report there;
#   - a full disk while writing compliance.html or the copies fails the run,
#     naming the file, and swaps nothing in.
# Environment: RIOCHECK (the riocheck binary; hostile/ and lib/ are found
# beside its folder), SWEEP_STRIDE (default 1). Run from the repository root.
# Ends with "html_test: N passed, N failed".

R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
BIN=$(cd "$(dirname "$R")" && pwd)
R=$BIN/$(basename "$R")
LIB=$BIN/../lib
XMLCHECK=$BIN/../hostile/xmlcheck
STRIDE=${SWEEP_STRIDE:-1}
ROOT=$(pwd)
pass=0; fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { # check WHAT COMMAND...: passes when COMMAND succeeds
    what=$1; shift
    if "$@"; then ok; else bad "$what"; fi
}

for f in "$R" "$XMLCHECK" "$LIB/riocheck-bad-cs64-bit-order.so" \
         "$LIB/riocheck-hostile-name-markup.so"; do
    if [ ! -f "$f" ]; then
        echo "html_test: $f missing (run from the repository root after make check's build)"
        echo "html_test: 0 passed, 1 failed"
        exit 1
    fi
done

# --- the checkers: each must reject what it is there to catch ---------------

# well_formed HTML: DOCTYPE line, then XML
well_formed() {
    [ "$(head -n 1 "$1")" = "<!DOCTYPE html>" ] || { echo "$1: no <!DOCTYPE html> line"; return 1; }
    sed 1d "$1" > "$tmp/wf.xml" && "$XMLCHECK" "$tmp/wf.xml"
}

# self_contained HTML: nothing the browser would fetch (see the top)
self_contained() {
    # every tag on a line of its own, then the tags only (text has no raw '<')
    tr '\n' ' ' < "$1" | sed 's/</\n</g' | grep '^<[a-zA-Z]' | sed 's/>.*//' > "$tmp/tags"
    awk -v file="$1" '
        { tag = $1; sub(/^</, "", tag); tag = tolower(tag) }
        tag == "script" { scripts++ }
        tag == "style" { styles++ }
        tag ~ /^(link|iframe|object|embed|img|base|frame|audio|video|source)$/ {
            print file ": <" tag "> element"; bad = 1 }
        / [sS][rR][cC]=/ { print file ": src= attribute: " $0; bad = 1 }
        {
            s = $0
            while (match(s, / [hH][rR][eE][fF]="[^"]*"/)) {
                v = substr(s, RSTART + 7, RLENGTH - 8)
                s = substr(s, RSTART + RLENGTH)
                if (v !~ /^#[A-Za-z0-9._-]+$/ && v !~ /^interpretations\.(html|md)(#[a-z0-9-]+)?$/) {
                    print file ": href to " v; bad = 1 }
            }
        }
        END {
            if (scripts > 1 || styles > 2) { print file ": " scripts " scripts, " styles " styles"; bad = 1 }
            exit bad
        }' "$tmp/tags" || return 1
    if grep -Eiq 'url\(|@import' "$1"; then echo "$1: url( or @import"; return 1; fi
    return 0
}

# failing_rules_shown OUT: every rule a FAIL/ERROR row fails has its group,
# with the number of failing vectors results.tsv gives
failing_rules_shown() {
    # FAIL: the rules of column 6 (all when empty); INCONCLUSIVE: those of
    # column 6 (its set-up step's); ERROR: all (report.h rc_row_rule_verdict)
    awk -F '\t' '($2 == "fail" || $2 == "error" || $2 == "inconclusive") && $1 !~ /^#/ {
            has6 = $6 != "" && $6 != "-"
            if ($2 == "inconclusive" && !has6) next
            n = split(has6 && $2 != "error" ? $6 : $3, r, ",")
            for (i = 1; i <= n; i++) if (r[i] != "") c[r[i]]++
        }
        END { for (k in c) print k, c[k] }' "$1/results.tsv" | sort > "$tmp/want"
    [ -s "$tmp/want" ] || { echo "$1: no failing rule in results.tsv"; return 1; }
    while read -r rule count; do
        id=$(printf '%s' "$rule" | sed 's/[^A-Za-z0-9.-]/_/g')
        grep -q "<h3 id=\"fail-$id\">" "$1/compliance.html" ||
            { echo "$1: no failure group for $rule"; return 1; }
        grep -q "<tr class=\"r-[a-z-]*\" data-verdict=\"[a-z-]*\" [^>]*id=\"rule-$id\">" \
            "$1/compliance.html" || { echo "$1: no rules-table row for $rule"; return 1; }
        got=$(sed -n "s/.*<h3 id=\"fail-$id\">.*<span class=\"muted\">\([0-9]*\) failing<\/span>.*/\1/p" \
              "$1/compliance.html")
        [ "$got" = "$count" ] || { echo "$1: $rule: $got failing shown, $count in results.tsv"; return 1; }
    done < "$tmp/want"
    return 0
}

# capped OUT: a rule with more than 20 failing vectors shows 20, then the
# rest inside <details> with "K more"
capped() {
    awk '
        /^<h3 id="fail-/ { flush(); n = $0; sub(/.*<span class="muted">/, "", n); sub(/ failing.*/, "", n)
                           total = n + 0; before = 0; inside = 0; more = -1; grp = 1; next }
        /^<section id="profile">/ { flush(); grp = 0 }
        grp && /<summary>/ { m = $0; sub(/.*<summary>/, "", m); sub(/ more.*/, "", m); more = m + 0; opened = 1 }
        grp && /^<div class="vec">/ { if (opened) inside++; else before++ }
        function flush() {
            if (grp && total > 20) {
                seen++
                if (before != 20 || inside != total - 20 || more != total - 20) {
                    print FILENAME ": a group of " total ": " before " shown, " inside " collapsed, summary " more; bad = 1 }
            } else if (grp && (before != total || opened)) {
                print FILENAME ": a group of " total ": " before " shown"; bad = 1 }
            opened = 0
        }
        END { if (!seen) { print FILENAME ": no group over the cap"; bad = 1 } exit bad }
    ' "$1/compliance.html"
}

# interp_links OUT: every link into interpretations.html has its id there
interp_links() {
    [ -f "$1/interpretations.html" ] || { echo "$1: no interpretations.html"; return 1; }
    cmp -s "$1/interpretations.md" "$ROOT/docs/interpretations.md" ||
        { echo "$1: interpretations.md is not a copy of docs/interpretations.md"; return 1; }
    well_formed "$1/interpretations.html" || return 1
    grep -o 'href="interpretations.html#[a-z0-9-]*"' "$1/compliance.html" |
        sed 's/.*#//; s/"$//' > "$tmp/links"
    [ -s "$tmp/links" ] || { echo "$1: no interpretation link"; return 1; }
    while read -r a; do
        grep -q "<a id=\"$a\"></a>" "$1/interpretations.html" ||
            { echo "$1: link to #$a, no such id in interpretations.html"; return 1; }
    done < "$tmp/links"
    return 0
}

# checkers against files made to fail them
mkdir -p "$tmp/neg"
printf '<!DOCTYPE html>\n<html><body><p>open</body></html>\n' > "$tmp/neg/open.html"
check "well_formed rejects an unclosed element" eval '! well_formed "$tmp/neg/open.html" > /dev/null 2>&1'
printf '<!DOCTYPE html>\n<html><head><script src="https://x.test/a.js"></script></head></html>\n' > "$tmp/neg/ext.html"
check "self_contained rejects <script src>" eval '! self_contained "$tmp/neg/ext.html" > /dev/null'
printf '<!DOCTYPE html>\n<html><body><a href="http://x.test/">x</a></body></html>\n' > "$tmp/neg/href.html"
check "self_contained rejects an http href" eval '! self_contained "$tmp/neg/href.html" > /dev/null'
printf '<!DOCTYPE html>\n<html><body><a href="//x.test/">x</a><a href="file:///etc/passwd">y</a></body></html>\n' > "$tmp/neg/href2.html"
check "self_contained rejects // and file: hrefs" eval '! self_contained "$tmp/neg/href2.html" > /dev/null'
printf '<!DOCTYPE html>\n<html><head><style>body{background:url(http://x.test/a.png)}</style></head></html>\n' > "$tmp/neg/url.html"
check "self_contained rejects url(" eval '! self_contained "$tmp/neg/url.html" > /dev/null'

# --- the runs ------------------------------------------------------------------

run() { # run NAME ARGS...: riocheck run into $tmp/NAME; status in $tmp/NAME.rc
    name=$1; shift
    "$R" run --sweep-stride "$STRIDE" --out "$tmp/$name" "$@" > "$tmp/$name.tap" 2> "$tmp/$name.err"
    echo $? > "$tmp/$name.rc"
}

cat > "$tmp/evil-dut.sh" <<'EOF'
#!/bin/sh
read -r hello
printf '%s\n' 'hello riocheck-dut-protocol 1' \
  'name evil </script><img src=x onerror=alert(1)><a href="http://x.test/">x</a>' \
  'version 1 <style>body{display:none}</style> &amp; ]]> <!--' \
  'revisions p12r3 p9r2 p9r3' 'caps codec cs64' 'profile ports=4' 'machines codec' 'ready'
while read -r line; do
  printf '%s\n' 'ok </script><script src="https://x.test/a.js"></script><img onerror=alert(2)>'
done
EOF
chmod +x "$tmp/evil-dut.sh"

run ref
run bad --dut "$LIB/riocheck-bad-cs64-bit-order.so" --area cs64
run markup --dut "$LIB/riocheck-hostile-name-markup.so" --area car
run evil --dut-cmd "$tmp/evil-dut.sh" -- --vector 'p12.cs64.dec.w0*'

check "reference run passes" [ "$(cat "$tmp/ref.rc")" = 0 ]
for r in bad markup evil; do
    check "$r run fails (status 1)" [ "$(cat "$tmp/$r.rc")" = 1 ]
done
for r in ref bad markup evil; do
    out=$tmp/$r
    check "$r: compliance.html written" [ -s "$out/compliance.html" ]
    check "$r: well-formed" well_formed "$out/compliance.html"
    check "$r: self-contained" self_contained "$out/compliance.html"
    check "$r: the filters are there" grep -q '<div class="filters" id="filters" hidden="hidden">' "$out/compliance.html"
    check "$r: the overall result is the run's" grep -q "<div class=\"big v-$(sed -n 's/^# overall: \([a-z-]*\).*/\1/p' "$tmp/$r.tap")\" id=\"overall\">" "$out/compliance.html"
    check "$r: interpretations shipped and linked" interp_links "$out"
done
check "ref: no failures" grep -q '<section id="failures">' "$tmp/ref/compliance.html"
check "ref: 'None.' under Failures" eval "sed -n '/<section id=\"failures\">/,/<\/section>/p' \"$tmp/ref/compliance.html\" | grep -q '<p>None.</p>'"
for r in bad markup evil; do
    check "$r: every failing rule shown" failing_rules_shown "$tmp/$r"
done
check "bad: failure lists capped per rule" capped "$tmp/bad"
check "bad: expected and actual in the vectors' form" grep -q '<pre class="expected">' "$tmp/bad/compliance.html"
# (riocheck run's rerun line: PROGRAM run [--data DIR] [--sweep-stride N] ... --vector ID DUT)
check "bad: a rerun command" grep -q '<code class="rerun">[^<]*riocheck run\( --data [^ <]*\)\{0,1\}\( --sweep-stride [0-9]*\)\{0,1\} --vector [^<]* --dut [^<]*riocheck-bad-cs64-bit-order.so</code>' "$tmp/bad/compliance.html"

# hostile text: the DUT's tags never come out as tags
check "markup: name escaped" grep -q '&lt;b&gt;bold&lt;/b&gt; &amp;amp; &amp; ]]&gt; &lt;!--' "$tmp/markup/compliance.html"
check "markup: no <b> from the DUT" eval '! grep -q "<b>bold" "$tmp/markup/compliance.html"'
check "evil: name escaped" grep -q 'evil &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;' "$tmp/evil/compliance.html"
check "evil: answer escaped in the details" grep -q "answered garbage: 'ok &lt;/script&gt;&lt;script src=\"https://x.test/a.js\"&gt;" "$tmp/evil/compliance.html"
check "evil: one </script> (riocheck's)" [ "$(grep -c '</script>' "$tmp/evil/compliance.html")" = 1 ]
check "evil: no <img>, no onerror tag" eval '! grep -Eq "<img|<style>body" "$tmp/evil/compliance.html"'
check "evil: rerun names --dut-cmd" grep -q '<code class="rerun">[^<]*riocheck run [^<]* --dut-cmd ' "$tmp/evil/compliance.html"

# a root without docs/interpretations.md: the run completes, no copy, said so
mkdir -p "$tmp/root2/docs"
ln -s "$ROOT/suites" "$tmp/root2/suites"
ln -s "$ROOT/vectors" "$tmp/root2/vectors"
run nodocs --root "$tmp/root2" --dut "$LIB/riocheck-bad-cs64-bit-order.so" --area cs64
check "no docs: the run completes (status 1: the DUT fails)" [ "$(cat "$tmp/nodocs.rc")" = 1 ]
check "no docs: run-status complete" [ "$(head -n 1 "$tmp/nodocs/run-status")" = complete ]
check "no docs: no interpretations.md" [ ! -e "$tmp/nodocs/interpretations.md" ]
check "no docs: no interpretations.html" [ ! -e "$tmp/nodocs/interpretations.html" ]
check "no docs: the report says so" grep -q 'docs/interpretations.md was not found' "$tmp/nodocs/compliance.html"
check "no docs: no link to the missing copy" eval '! grep -q "href=\"interpretations" "$tmp/nodocs/compliance.html"'
check "no docs: still well-formed" well_formed "$tmp/nodocs/compliance.html"

# --html FILE: written there, not in OUT
run loose --html "$tmp/elsewhere.html" --area car
check "--html FILE: written there" well_formed "$tmp/elsewhere.html"
check "--html FILE: not in OUT" [ ! -e "$tmp/loose/compliance.html" ]
check "--html FILE: named on the summary line" grep -q "^# compliance summary: .* $tmp/elsewhere.html\$" "$tmp/loose.tap"

# a full disk (RIOCHECK_TEST_FULL, outdir.h) while writing compliance.html or
# the interpretations' copy: the run fails naming the file, nothing swapped in
for file in compliance.html interpretations.md interpretations.html; do
    RIOCHECK_TEST_FULL=$file run "full-$file" --area car
    check "full disk on $file: status 3" [ "$(cat "$tmp/full-$file.rc")" = 3 ]
    check "full disk on $file: named" grep -q "cannot write .*$file: No space left on device" "$tmp/full-$file.err"
    check "full disk on $file: run-status interrupted" [ "$(head -n 1 "$tmp/full-$file/run-status")" = interrupted ]
    check "full disk on $file: no report swapped in" [ ! -e "$tmp/full-$file/compliance.html" ]
done

echo "html_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
