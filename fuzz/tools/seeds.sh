#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/seeds.sh - regenerate the seed corpora of the codec targets
# (fuzz/corpus/{cs48,cs64,stype2,ccp}/) from the conformance vectors and the
# spec's known answers (vectors/selfcheck/known-answers.txt). Plain sh, awk
# and printf: no build needed, nothing derived from running the reference.
#
#   sh fuzz/tools/seeds.sh [--min]    (from anywhere; rewrites the 4 folders)
#
# Every vector input becomes one seed in the target's input format (see the
# comment at the top of fuzz/T.c): a ctrl byte, then the wire bytes (decode
# mode) or the fields (encode mode, ctrl bit 4). A field outside its width
# (negative vectors) gets its "raw" bit so that the value survives. File names
# are the input in hex, so identical inputs collapse into one file (with
# --min, libFuzzer names the kept ones by their SHA-1).
#   cs48    cs48_unpack hex, cs48_pack fields and their expected bytes
#   cs64    cs64_unpack hex, cs64_pack fields and bytes, cs64_decode params
#           (as stype0 0b1101 symbols to encode), cs64_encode fields
#   stype2  stype2_decode values, stype2_encode fields
#   ccp     ccp_unpack hex, ccp_pack fields and bytes, fam_decode and
#           flow_decode values (as Dev8 packets to encode)
# The group width of a decode seed whose vector has none (cs48/cs64 unpack)
# cycles through 0-6 so that every width starts with seeds.
set -eu
cd "$(dirname "$0")/../.."

out=fuzz/corpus
for t in cs48 cs64 stype2 ccp; do
    rm -rf "${out:?}/$t"
    mkdir -p "$out/$t"
done

awk '
function hexval(s,    i, c, v) {
    v = 0
    for (i = 1; i <= length(s); i++) {
        c = index("0123456789abcdef", tolower(substr(s, i, 1)))
        if (c == 0) return -1
        v = v * 16 + c - 1
    }
    return v
}
# A vector value: 0x hex, decimal, or one of the symbols these codecs use.
function num(s,    n) {
    if (s ~ /^0[xX][0-9A-Fa-f]+$/) return hexval(substr(s, 3))
    if (s ~ /^[0-9]+$/) return s + 0
    if (s == "dev8") return 0
    if (s == "dev16") return 1
    if (s == "dev32") return 2
    if (s ~ /^0[A-F]$/) return index("ABCDEF", substr(s, 2, 1)) - 1
    if (s ~ /^[1-8]A$/) return 64 + substr(s, 1, 1)
    return -1
}
function clip(v, max) { return v > max ? max : v }
# v as n big-endian bytes in hex (values above the range are clipped).
function be(v, n,    s, k, b) {
    v = clip(v, 256 ^ n - 1)
    s = ""
    for (k = n - 1; k >= 0; k--) {
        b = int(v / 256 ^ k) % 256
        s = s sprintf("%02X", b)
    }
    return s
}
function seed(target, hex) { print target, toupper(hex) }
function arg(k) { return (k in a) ? a[k] : 0 }
function bit(cond, b) { return cond ? b : 0 }
# Parse the key=value words of a "do" line into a[]; 0 if a value is unknown.
function parse(    i, kv, v) {
    split("", a)
    for (i = 3; i <= NF; i++) {
        if (split($i, kv, "=") != 2) continue
        if (kv[1] == "hex") { a["hex"] = kv[2]; continue }
        v = num(kv[2])
        if (v < 0) return 0
        a[kv[1]] = v
    }
    return 1
}
function width_cycle() { return (nseed++) % 7 }

/^vector / { rev3 = 0; last = "" }
/^rev / { rev3 = ($0 ~ /p12r3|p9r3/) }

/^do / {
    last = ""
    if (!parse()) next
    op = $2
    if (op == "cs48_unpack" && ("hex" in a)) {
        seed("cs48", sprintf("%02X", bit(rev3, 1) + width_cycle() * 2) a["hex"])
    } else if (op == "cs48_pack") {
        raw = bit(arg("stype0") > 7, 1) + bit(arg("parameter0") > 63, 2) + \
              bit(arg("parameter1") > 63, 4) + bit(arg("stype1") > 7, 8) + \
              bit(arg("cmd") > 7, 16) + bit(arg("stype2") > 16383, 32)
        seed("cs48", "10" be(raw, 1) be(arg("stype0"), 1) be(arg("parameter0"), 1) \
             be(arg("parameter1"), 1) be(arg("stype1"), 1) be(arg("cmd"), 1) \
             be(arg("stype2"), 2))
        last = "cs48"; lastctrl = sprintf("%02X", bit(rev3, 1) + width_cycle() * 2)
    } else if (op == "cs64_unpack" && ("hex" in a)) {
        seed("cs64", sprintf("%02X", width_cycle()) a["hex"])
    } else if (op == "cs64_pack") {
        raw = bit(arg("stype0") > 15, 1) + bit(arg("parameter0") > 4095, 2) + \
              bit(arg("parameter1") > 4095, 4)
        seed("cs64", "14" be(raw, 1) be(arg("stype0"), 1) be(arg("parameter0"), 2) \
             be(arg("parameter1"), 2) be(arg("stype1"), 1) "00" "0000" "00000000")
        last = "cs64"; lastctrl = sprintf("%02X", width_cycle())
    } else if (op == "cs64_decode" && arg("width") <= 7) {
        p = arg("param"); w = arg("width")
        p0 = int(p / 4096); p1 = p % 4096
        seed("cs64", sprintf("%02X", 16 + w) be(bit(p0 > 4095, 2), 1) "0D" \
             be(p0, 2) be(p1, 2) "00" "00" "0000" "00000000")
    } else if (op == "cs64_encode" && arg("width") <= 7) {
        w = arg("width"); sw = 20 - (w <= 6 ? w : 6)
        raw = bit(arg("vc_ind") > 15, 8) + bit(arg("group") >= 2 ^ (w <= 6 ? w : 6), 16) + \
              bit(arg("status") >= 2 ^ sw, 32)
        seed("cs64", sprintf("%02X", 16 + w) be(raw, 1) "0D" "0000" "0000" "00" \
             be(arg("vc_ind"), 1) be(arg("group"), 2) be(arg("status"), 4))
    } else if (op == "stype2_decode" && arg("width") <= 7 && (arg("rev") == 2 || arg("rev") == 3)) {
        v = arg("value"); ctrl = bit(arg("rev") == 3, 1) + arg("width") * 2
        if (v > 16383)
            seed("stype2", sprintf("%02X", ctrl + 32) be(v, 4))
        else
            seed("stype2", sprintf("%02X", ctrl) be(v, 2))
    } else if (op == "stype2_encode" && arg("width") <= 7 && (arg("rev") == 2 || arg("rev") == 3)) {
        r = arg("rev"); w = arg("width")
        gw = r == 2 ? 5 : w; sw = r == 2 ? 6 : 13 - (w <= 6 ? w : 6)
        rawbit = arg("group") >= 2 ^ (gw <= 6 ? gw : 6) || arg("status") >= 2 ^ sw
        seed("stype2", sprintf("%02X", bit(r == 3, 1) + w * 2 + 16 + bit(rawbit, 32)) \
             be(arg("group"), 2) be(arg("status"), 4))
    } else if (op == "ccp_unpack" && ("hex" in a)) {
        seed("ccp", sprintf("%02X", bit(arg("rev") == 3, 1)) a["hex"])
    } else if (op == "ccp_pack") {
        tt = arg("tt"); idmax = tt == 0 ? 255 : tt == 1 ? 65535 : 4294967295
        ftype = ("ftype" in a) ? a["ftype"] : 7
        raw = bit(arg("ack_id") > 63, 1) + bit(arg("vc") > 1, 2) + bit(arg("crf") > 1, 4) + \
              bit(arg("prio") > 3, 8) + bit(tt > 3, 16) + bit(ftype != 7, 32) + \
              bit(arg("destination_id") > idmax, 64) + \
              bit(arg("tgt_destination_id") > idmax, 128) + bit(arg("xon") > 1, 256) + \
              bit(arg("fam") > 7, 512) + bit(arg("rsrv") > 15, 1024) + \
              bit(arg("flow_id") > 127, 2048) + bit(arg("soc") > 1, 4096)
        ctrl = sprintf("%02X", bit(arg("rev") == 3, 1))
        seed("ccp", sprintf("%02X", 16 + bit(arg("rev") == 3, 1)) be(raw, 2) \
             be(arg("ack_id"), 1) be(arg("vc"), 1) be(arg("crf"), 1) be(arg("prio"), 1) \
             be(tt, 1) be(ftype, 1) be(arg("destination_id"), 4) \
             be(arg("tgt_destination_id"), 4) be(arg("xon"), 1) be(arg("fam"), 1) \
             be(arg("rsrv"), 1) be(arg("flow_id"), 1) be(arg("soc"), 1) "00000000")
        last = "ccp"; lastctrl = ctrl
    } else if (op == "fam_decode" || op == "flow_decode") {
        # A valid Dev8 XOFF Flow 0A packet (the known answer) with these bits.
        raw = bit(arg("xon") > 1, 256) + bit(arg("fam") > 7, 512) + bit(arg("flow_id") > 127, 2048)
        seed("ccp", "11" be(raw, 2) "00" "00" "01" "03" "00" "07" be(18, 4) be(52, 4) \
             be(arg("xon"), 1) be(arg("fam"), 1) "00" be(arg("flow_id"), 1) "01" "00000000")
    }
}

/^expect +bytes / && last != "" {
    for (i = 3; i <= NF; i++)
        if ($i ~ /^hex=/) seed(last, lastctrl substr($i, 5))
    last = ""
}

# Known answers: FORMAT [--rev R] [--group-width W] FIELD=VALUE... => HEX
FILENAME ~ /known-answers/ && / => / {
    r = 3; w = 0
    for (i = 2; i <= NF; i++) {
        if ($i == "--rev") r = $(i + 1)
        if ($i == "--group-width") w = $(i + 1)
    }
    hex = $NF
    if ($1 == "cs48") seed("cs48", sprintf("%02X", bit(r == 3, 1) + w * 2) hex)
    if ($1 == "cs64") seed("cs64", sprintf("%02X", w) hex)
    if ($1 == "ccp") seed("ccp", sprintf("%02X", bit(r == 3, 1)) hex)
}
' vectors/p12/cs48-r2.vec vectors/p12/cs48-r3.vec vectors/p12/cs64.vec \
  vectors/p9/ccp.vec vectors/selfcheck/known-answers.txt |
while read -r target hex; do
    # hex digits -> bytes, through octal escapes (POSIX printf).
    esc=""
    rest=$hex
    while [ -n "$rest" ]; do
        byte=${rest%"${rest#??}"}
        rest=${rest#??}
        esc="$esc\\$(printf '%03o' "0x$byte")"
    done
    # shellcheck disable=SC2059
    printf "$esc" > "$out/$target/$hex"
done

# --min: keep only the seeds that add coverage (libFuzzer -merge=1 with the
# fuzz-build binaries, FUZZ_BUILD/fuzz/T): the committed corpora are these.
if [ "${1:-}" = "--min" ]; then
    B=${FUZZ_BUILD:-build}
    for t in cs48 cs64 stype2 ccp; do
        [ -x "$B/fuzz/$t" ] || { echo "$B/fuzz/$t not built: make fuzz-build" >&2; exit 1; }
        all=$(mktemp -d)
        mv "$out/$t"/* "$all"/
        "$B/fuzz/$t" -merge=1 "$out/$t" "$all" > "$all.log" 2>&1 ||
            { tail -n 5 "$all.log" >&2; exit 1; }
        rm -rf "$all" "$all.log"
    done
fi

for t in cs48 cs64 stype2 ccp; do
    echo "$out/$t: $(ls "$out/$t" | wc -l) seeds"
done
