#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/triage.sh - turn a crash (or violated property) input into a
# minimised reproducer, and for the codec targets into the skeleton of a
# conformance vector record to replay.
#
#   sh fuzz/tools/triage.sh TARGET CRASH-FILE [OUTDIR]
#
# 1. reproduces it with the libFuzzer binary FUZZ_BUILD/fuzz/TARGET (or the
#    AFL++ one, FUZZ_BUILD/fuzz-afl/TARGET, reading stdin) and prints the report;
# 2. minimises it: libFuzzer -minimize_crash=1, else afl-tmin; the result is
#    OUTDIR/TARGET-min (default OUTDIR: FUZZ_BUILD/fuzz-triage);
# 3. for cs48, cs64, stype2 and ccp decodes the input (fuzz/TARGET.c explains
#    the ctrl byte) into the riocheck codec step it exercises and writes
#    OUTDIR/TARGET-min.vec: a `vector` record whose rules, cite, result and
#    expect lines must be filled in FROM THE SPEC (docs/vector-format.md),
#    never from the reference's output;
# 4. prints the replay commands (replay binary, libFuzzer binary, riocheck run).
# Environment: FUZZ_BUILD (default build).
set -u
[ $# -ge 2 ] || { echo "usage: $0 TARGET CRASH-FILE [OUTDIR]" >&2; exit 2; }
t=$1; crash=$2
cd "$(dirname "$0")/../.." || exit 3
B=${FUZZ_BUILD:-build}
out=${3:-$B/fuzz-triage}
[ -f "$crash" ] || { echo "no file $crash" >&2; exit 2; }
mkdir -p "$out" || exit 3
lf=$B/fuzz/$t
afl=$B/fuzz-afl/$t
min=$out/$t-min

hexof() { od -An -tx1 -v "$1" | tr -d ' \n' | tr 'a-f' 'A-F'; }

echo "== reproduce: $crash ($(wc -c < "$crash") bytes: $(hexof "$crash"))"
if [ -x "$lf" ]; then
    "$lf" "$crash" > "$out/$t-repro.log" 2>&1
    echo "exit $?"
    grep -m 5 -E 'fuzz_fail:|ERROR: |runtime error:|SUMMARY:' "$out/$t-repro.log"
elif [ -x "$afl" ]; then
    "$afl" < "$crash" > "$out/$t-repro.log" 2>&1
    echo "exit $?"
    grep -m 5 -E 'fuzz_fail:|ERROR: |runtime error:|SUMMARY:' "$out/$t-repro.log"
else
    echo "neither $lf nor $afl is built: make fuzz-build" >&2
    exit 3
fi

echo "== minimise"
rm -f "$min"
if [ -x "$lf" ]; then
    "$lf" -minimize_crash=1 -runs=50000 -exact_artifact_path="$min" "$crash" > "$out/$t-min.log" 2>&1
elif command -v afl-tmin >/dev/null; then
    ASAN_OPTIONS=abort_on_error=1:symbolize=0 afl-tmin -i "$crash" -o "$min" -- "$afl" > "$out/$t-min.log" 2>&1
fi
if [ ! -f "$min" ]; then
    echo "could not minimise (log $out/$t-min.log): keeping the input as it is"
    cp "$crash" "$min"
fi
echo "$min: $(wc -c < "$min") bytes: $(hexof "$min")"
if [ -x "$lf" ]; then
    "$lf" "$min" 2>&1 | grep -m 3 -E 'fuzz_fail:|ERROR: |runtime error:|SUMMARY:'
fi

# The bytes of the minimised input, as decimal, space separated.
BYTES=$(od -An -tu1 -v "$min" | tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//')
n=$(( $(wc -c < "$min") ))
b() { echo "$BYTES" | awk -v i="$1" '{ print (i < NF) ? $(i + 1) : 0 }'; }  # byte i, 0 past the end
be() { v=0; i=$1; while [ "$i" -lt $(( $1 + $2 )) ]; do v=$(( v * 256 + $(b "$i") )); i=$((i + 1)); done; echo "$v"; }
hexrest() { od -An -tx1 -v -j "$1" "$min" | tr -d ' \n' | tr 'a-f' 'A-F'; }
h() { printf '0x%X' "$1"; }

# m VALUE MASK RAWBIT: the value as the target uses it (masked unless the
# input's raw bit for it is set).
m() { if [ "$3" -ne 0 ]; then echo "$1"; else echo $(( $1 & $2 )); fi; }

ctrl=$(b 0)
enc=$(( (ctrl >> 4) & 1 ))
steps=""; rev=""; needs=""
case $t in
cs48)
    needs="codec cs48"; rev="p12r2 p12r3"
    if [ "$enc" -eq 1 ]; then
        raw=$(b 1)
        steps="do       cs48_pack stype0=$(m "$(b 2)" 7 $((raw & 1))) parameter0=$(h "$(m "$(b 3)" 63 $((raw & 2)))") parameter1=$(h "$(m "$(b 4)" 63 $((raw & 4)))") stype1=$(m "$(b 5)" 7 $((raw & 8))) cmd=$(m "$(b 6)" 7 $((raw & 16))) stype2=$(h "$(m "$(be 7 2)" 16383 $((raw & 32)))")"
    else
        steps="do       cs48_unpack hex=$(hexrest 1)"
        if [ "$n" -eq 7 ]; then
            r=$(( (ctrl & 1) ? 3 : 2 )); w=$(( (ctrl >> 1) & 7 ))
            s2=$(( ($(be 3 4) >> 13) & 0x3FFF ))   # symbol bits 21-34
            steps="$steps
# and the stype2 field in the input's revision and group width:
do       stype2_decode rev=$r width=$w value=$(h "$s2")"
            rev="p12r$r"
        fi
    fi ;;
cs64)
    needs="codec cs64"; rev="p12r3"; w=$(( ctrl & 7 ))
    if [ "$enc" -eq 1 ]; then
        raw=$(b 1)
        gmask=$(( (1 << (w <= 6 ? w : 6)) - 1 )); smask=$(( (1 << (w <= 6 ? 20 - w : 20)) - 1 ))
        steps="do       cs64_pack stype0=$(m "$(b 2)" 15 $((raw & 1))) parameter0=$(h "$(m "$(be 3 2)" 4095 $((raw & 2)))") parameter1=$(h "$(m "$(be 5 2)" 4095 $((raw & 4)))") stype1=$(h "$(b 7)")
do       cs64_encode vc_ind=$(m "$(b 8)" 15 $((raw & 8))) width=$w group=$(m "$(be 9 2)" "$gmask" $((raw & 16))) status=$(h "$(m "$(be 11 4)" "$smask" $((raw & 32)))")"
    else
        steps="do       cs64_unpack hex=$(hexrest 1)"
        if [ "$n" -eq 9 ]; then
            p=$(( ($(be 1 4) >> 4) & 0xFFFFFF ))   # symbol bits 4-27
            steps="$steps
# and parameter0||parameter1 as a VoQ parameter at the input's group width:
do       cs64_decode width=$w param=$(h "$p")"
        fi
    fi ;;
stype2)
    needs="codec cs48"
    r=$(( (ctrl & 1) ? 3 : 2 )); w=$(( (ctrl >> 1) & 7 )); rev="p12r$r"; raw=$(( ctrl & 0x20 ))
    if [ "$enc" -eq 1 ]; then
        if [ "$r" -eq 2 ]; then gw=5; sw=6; else gw=$w; sw=$(( 13 - (w <= 6 ? w : 6) )); fi
        steps="do       stype2_encode rev=$r width=$w group=$(m "$(be 1 2)" $(( (1 << (gw <= 6 ? gw : 6)) - 1 )) "$raw") status=$(h "$(m "$(be 3 4)" $(( (1 << sw) - 1 )) "$raw")")"
    elif [ "$raw" -ne 0 ]; then
        steps="do       stype2_decode rev=$r width=$w value=$(h "$(be 1 4)")"
    else
        steps="do       stype2_decode rev=$r width=$w value=$(h $(( $(be 1 2) & 0x3FFF )))"
    fi ;;
ccp)
    needs="codec"
    r=$(( (ctrl & 1) ? 3 : 2 )); rev="p9r$r"
    if [ "$enc" -eq 1 ]; then
        raw=$(be 1 2)
        tt=$(m "$(b 7)" 3 $((raw & 16)))
        ft=$(b 8); [ $((raw & 32)) -ne 0 ] || ft=7
        case $tt in 0) idm=255 ;; 1) idm=65535 ;; *) idm=4294967295 ;; esac
        [ "$tt" -eq 2 ] && [ "$r" -eq 2 ] && idm=4294967295
        steps="do       ccp_pack rev=$r ack_id=$(m "$(b 3)" 63 $((raw & 1))) vc=$(m "$(b 4)" 1 $((raw & 2))) crf=$(m "$(b 5)" 1 $((raw & 4))) prio=$(m "$(b 6)" 3 $((raw & 8))) tt=$tt destination_id=$(h "$(m "$(be 9 4)" "$idm" $((raw & 64)))") tgt_destination_id=$(h "$(m "$(be 13 4)" "$idm" $((raw & 128)))") xon=$(m "$(b 17)" 1 $((raw & 256))) fam=$(m "$(b 18)" 7 $((raw & 512))) rsrv=$(m "$(b 19)" 15 $((raw & 1024))) flow_id=$(h "$(m "$(b 20)" 127 $((raw & 2048)))") soc=$(m "$(b 21)" 1 $((raw & 4096))) ftype=$ft"
    else
        steps="do       ccp_unpack rev=$r hex=$(hexrest 1)"
    fi ;;
esac

echo "== replay"
echo "  make fuzz-replay && $B/gcc/fuzz/$t-replay $min"
echo "  $lf $min"
if [ -n "$steps" ]; then
    id=$(cksum < "$min" | cut -d' ' -f1)
    cat > "$min.vec" <<EOF
# Found by the fuzz target $t (fuzz/tools/triage.sh). Input: $(hexof "$min")
# Fill in rules, cite, result and expect FROM THE SPEC (docs/vector-format.md),
# never from the reference's output; delete the steps that are not the point.
vector fuzz.$t.$id
rules    TODO
rev      $rev
needs    $needs
cite     TODO
machine  codec
$steps
result   TODO
expect   TODO
end
EOF
    echo "  vector skeleton: $min.vec (then: riocheck run --vectors $min.vec)"
    sed 's/^/    /' "$min.vec"
fi
