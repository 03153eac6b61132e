#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gen-absent-bits_test.sh - harness/examples/gen-absent-bits.awk computes the
# masks of the generator vectors' status bits of ports beyond the device
# (erratum 10, I-GEN-4) and its check can fail:
#   - `-v check=1` passes on vectors/p12/*.vec, and `-v fix=1` changes no
#     vector file (the masks in them are exactly the computed ones);
#   - fix turns a pinning record (policy gen_absent_bits=zero, no mask) into
#     the masked one (status, encoded, last_sent, the companion of a
#     group-less allow line), drops the policy and leaves a
#     ports=${ports} record alone;
#   - check fails a pin without mask or policy, a mask one bit too wide or
#     too narrow, a missing companion, an encoded that contradicts status,
#     a needless policy and a mask in a ports=${ports} record, each with
#     its reason.
# Runs from anywhere; needs only awk. Last line:
# "gen-absent-bits_test: N passed, N failed".

root=$(cd "$(dirname "$0")/../.." && pwd) || exit 3
cd "$root" || exit 3
AWK=${AWK:-awk}
TOOL=harness/examples/gen-absent-bits.awk
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gen-absent-bits_test.XXXXXX") || exit 3
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }

# check_fails NAME FILE PATTERN: check exits 1 and prints PATTERN
check_fails() {
    out=$($AWK -v check=1 -f "$TOOL" "$2" 2>&1); rc=$?
    if [ "$rc" -eq 1 ] && printf '%s\n' "$out" | grep -q -- "$3"; then ok "$1"
    else ko "$1 (exit $rc, want 1 and '$3'):"; printf '%s\n' "$out" | sed 's/^/    /'; fi
}
check_passes() {
    out=$($AWK -v check=1 -f "$TOOL" "$2" 2>&1); rc=$?
    if [ "$rc" -eq 0 ] && printf '%s\n' "$out" | grep -q ' 0 failing$'; then ok "$1"
    else ko "$1 (exit $rc):"; printf '%s\n' "$out" | sed 's/^/    /'; fi
}
# has NAME FILE LINE: FILE holds LINE exactly
has() {
    if grep -qxF -- "$3" "$2"; then ok "$1"; else ko "$1: no line '$3' in:"; sed 's/^/    /' "$2"; fi
}

# --- the vector files as committed ---------------------------------------
out=$($AWK -v check=1 -f "$TOOL" vectors/p12/*.vec 2>&1); rc=$?
if [ "$rc" -eq 0 ]; then ok "check passes on vectors/p12/*.vec"
else ko "check on vectors/p12/*.vec (exit $rc):"; printf '%s\n' "$out" | sed 's/^/    /'; fi
printf '%s\n' "$out" | tail -n 1 | sed 's/^/# /'
same=1
for f in vectors/p12/*.vec; do
    $AWK -v fix=1 -f "$TOOL" "$f" > "$tmp/fixed.vec" 2> "$tmp/fix.err" || { same=0; cat "$tmp/fix.err"; }
    cmp -s "$f" "$tmp/fixed.vec" || { same=0; echo "    fix changes $f"; }
done
[ "$same" = 1 ] && ok "fix changes no file of vectors/p12 (the masks are the computed ones)" \
    || ko "fix changes vectors/p12"

# --- a record as it was before masks: pinned, behind the policy ------------
# CS48 rev 3, TX Port Group Size 0: 13 status bits per group, ports 0-3
# exist, bits 4-12 are absent ports' (status mask 0xF, encoded = 0b1 ||
# status || no group bits: mask 0x3FFF less 0x1FF0 = 0x200F).
cat > "$tmp/old.vec" <<'EOF'
vector t.absent.cs48
rules    P12-4.2-d
rev      p12r3
needs    gen cs48
cite     fixture
policy   gen_absent_bits=zero   # a status bit of a port >= ports is pinned to 0 (erratum 10, I-GEN-4)
machine  gen rev=3 format=cs48 ports=4
do       csr port=0 value=0x00800000   # generation on, width 0
expect   none
allow    symbol tx_port=0 vc=all status=0x0   # restating
do       csr port=2 value=0x00400000
expect   none
do       congest port=2 vc=0 on=1
expect   symbol tx_port=0 vc=all group=0 status=0x4 encoded=0x2004
query    last_sent port=0 group=0 vc=all == 4
end

vector t.absent.var
rules    P12-4.2-d
rev      p12r3
needs    gen cs48
cite     fixture
policy   gen_absent_bits=zero   # a status bit of a port >= ports is pinned to 0 (erratum 10, I-GEN-4)
machine  gen rev=3 format=cs48 ports=${ports}
do       csr port=0 value=0x00800000
expect   none
allow    symbol tx_port=0 vc=all status=0x0
end
EOF
check_passes "the old record passes check (it has the policy)" "$tmp/old.vec"
grep -v '^policy' "$tmp/old.vec" > "$tmp/nopolicy.vec"
check_fails "a pin without mask or policy fails" "$tmp/nopolicy.vec" \
    't.absent.cs48 ports=4 E=1 A=1 Q=1 M=0 policy=-  FAIL: pins absent-port bits without a mask'
check_fails "a ports=\${ports} pin without the policy fails" "$tmp/nopolicy.vec" \
    't.absent.var ports=${ports} E=0 A=1 Q=0 M=0 policy=-  FAIL: pins'

$AWK -v fix=1 -f "$TOOL" "$tmp/old.vec" > "$tmp/new.vec" 2> "$tmp/fix.err"; rc=$?
[ "$rc" -eq 0 ] && ok "fix exits 0" || { ko "fix exit $rc"; cat "$tmp/fix.err"; }
has "fix masks status and encoded" "$tmp/new.vec" \
    'expect   symbol tx_port=0 vc=all group=0 status=0x4/0xF encoded=0x2004/0x200F'
has "fix masks last_sent" "$tmp/new.vec" 'query    last_sent port=0 group=0 vc=all == 0x4/0xF'
has "fix keeps the group-less line" "$tmp/new.vec" \
    'allow    symbol tx_port=0 vc=all status=0x0   # restating'
has "fix adds its companion for group 0" "$tmp/new.vec" \
    'allow    symbol tx_port=0 vc=all group=0 status=0x0/0xF   # the same for group 0: ports >= 4 not judged (erratum 10)'
has "fix says what it masked, and that encoded has no CRC" "$tmp/new.vec" \
    '# ports >= 4 are beyond the device: /MASK leaves their bits of status, encoded and last_sent unjudged (erratum 10, I-GEN-4); encoded is the bare stype2, no CRC in it'
n=$(grep -c 'gen_absent_bits=zero' "$tmp/new.vec")
[ "$n" = 1 ] && ok "fix drops the policy, keeps it on the ports=\${ports} record" \
    || ko "gen_absent_bits=zero left $n times (want 1)"
check_passes "check passes on the fixed records" "$tmp/new.vec"
$AWK -v fix=1 -f "$TOOL" "$tmp/new.vec" | cmp -s - "$tmp/new.vec" \
    && ok "fix is idempotent" || ko "fix changes its own output"

# --- mutants of the fixed record: each must fail with its reason ----------
mutant() { # NAME SED-EXPRESSION PATTERN
    sed "$2" "$tmp/new.vec" > "$tmp/m.vec"
    if cmp -s "$tmp/m.vec" "$tmp/new.vec"; then ko "$1: the mutation changed nothing"; return; fi
    check_fails "$1" "$tmp/m.vec" "$3"
}
mutant "a mask removed fails" 's#status=0x4/0xF#status=0x4#' 'FAIL: pins absent-port bits without a mask'
mutant "a status mask one bit too wide fails" 's#status=0x4/0xF#status=0x4/0x1F#' 'mask 0x1F is not 0xF'
mutant "a status mask one bit too narrow fails" 's#status=0x4/0xF#status=0x4/0x7#' 'mask 0x7 is not 0xF'
mutant "an encoded mask one bit too wide fails" 's#encoded=0x2004/0x200F#encoded=0x2004/0x201F#' 'mask 0x201F is not 0x200F'
mutant "a last_sent mask too wide fails" 's#== 0x4/0xF#== 0x4/0xFF#' 'mask 0xFF is not 0xF'
mutant "a missing companion fails" '/the same for group 0/d' 'no companion for group 0'
mutant "an encoded contradicting status fails" 's#encoded=0x2004/0x200F#encoded=0x2008/0x200F#' 'carries status 0x8'
mutant "an encoded naming another group fails" 's#^expect   symbol tx_port=0 vc=all group=0 #expect   symbol tx_port=0 vc=all group=1 #' 'carries group 0, not 1'
mutant "a needless policy fails" 's#^machine  gen rev=3 format=cs48 ports=4#policy   gen_absent_bits=zero\n&#' 'FAIL: policy gen_absent_bits=zero but no line pins'
mutant "a mask in a ports=\${ports} record fails" 's#^\(allow    symbol tx_port=0 vc=all status=0x0\)$#allow    symbol tx_port=0 vc=all group=0 status=0x0/0xF#' 'mask in a ports=${ports} record'
sed 's#status=0x4/0xF#status=0x4/0x1F#' "$tmp/new.vec" > "$tmp/m.vec"
$AWK -v fix=1 -f "$TOOL" "$tmp/m.vec" > /dev/null 2> "$tmp/fix.err"; rc=$?
[ "$rc" -eq 1 ] && grep -q 'mask 0x1F is not 0xF' "$tmp/fix.err" \
    && ok "fix refuses a wrong mask (exit 1, named on stderr)" || ko "fix on a wrong mask: exit $rc"

echo "gen-absent-bits_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
