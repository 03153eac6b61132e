#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# riocheck export (issue 13): a small vector file written here (a CS64
# known answer of shared/spec/README.md, a generator vector with ${VAR}s,
# symbols and VALUE/MASK, an arbitration vector with ?name, ${name^1},
# branch and wait) exported for a profile given by options and by a --config
# file; every number compared with a value written here by hand from the
# vector text, dut.h's RC_SYMBOLS table and the spec, never from riocheck's
# own output. Then: the whole suite set as JSON against docs/export.schema.json
# (harness/report/tests/schemacheck.c; the checker is checked first), CSV
# column counts per row (RFC 4180 quoting, a file name with a comma and a
# quote), $readmemh word widths and counts, the CS64 stimulus words decoded
# by `riocheck decode` against the response words, and bad input.
# Needs RIOCHECK (the riocheck binary of a build: its objects beside it link
# the schema checker). Ends with "export_test: N passed, N failed".
R=${RIOCHECK:?set RIOCHECK to the riocheck binary}
case $R in /*) ;; *) R=$(pwd)/$R ;; esac
root=$(cd "$(dirname "$0")/../../.." && pwd) || exit 3
cd "$root" || exit 3
O=$(dirname "$(dirname "$R")") # BUILD/VARIANT
pass=0; fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
good() { pass=$((pass + 1)); }
status() {
    name=$1; want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"; got=$?
    if [ "$got" -eq "$want" ]; then good; else
        bad "$name" "exit $got, want $want: $*"; sed -n 1,5p "$tmp/err" "$tmp/out"
    fi
}
has() { if grep -qF -- "$3" "$2"; then good; else bad "$1" "no '$3' in $(basename "$2")"; sed -n 1,8p "$2"; fi; }
# eq NAME GOT WANT
eq() { if [ "$2" = "$3" ]; then good; else bad "$1" "got '$2', want '$3'"; fi; }

# ---- the vectors -------------------------------------------------------------------------
# The file name has a comma and a double quote: CSV must quote it (RFC 4180).
V="$tmp/small,\"x\".vec"
cat >"$V" <<'EOF'
# CS64 known answer (shared/spec/README.md): DF000100E2BE8698 = stype0 0b1101,
# parameter0 0xF00, parameter1 0x010, stype1 0x38, CRC-24 0xAFA1A6.
vector t.cs64.ka
rules    P12-3.2-a
rev      p12r3
needs    codec cs64
cite     shared/spec README known answer DF000100E2BE8698
machine  codec
do       cs64_unpack hex=DF000100E2BE8698
expect   cs64 stype0=13 parameter0=0xF00 parameter1=0x010 stype1=0x38 crc=0xAFA1A6 alignment=0
do       cs64_decode width=4 param=0xF00010
expect   voq_msg kind=backpressure vc_ind=15 vc=all group=0 status=0x1/0x3
do       cs64_unpack hex=DF000100E2BE8699
result   crc
allow    cs64 max=1
end

vector t.gen.vars
rules    P12-4.2-e
rev      p12r3
needs    gen cs48
params   ports
cite     Part 12 rev 4.1 4.2e
machine  gen rev=3 format=cs48 ports=${ports}
do       csr port=${last_port} value=0x00800020
expect   none
do       congest port=${ports-2} vc=0 on=1
expect   symbol tx_port=0 vc=all group=0 status=0x3/0x0FF ride=any
query    reported port=${last_port} vc=all == 1
end

vector t.arbtx.bind
rules    P9-2.4.7-1
rev      p9r3
needs    arbtx
cite     Part 9 rev 3.0 2.4.7
machine  arbtx flows=2
do       pdu flow=0 mode=single packets=1
expect   msg cmd=REQUEST_SINGLE seq=?s flow=0
branch
do       ccp flow=0 cmd=XON_ARB seq=$s
expect   data flow=0 pdu=0 segment=0 last=1
branch
wait     tick n=1 upto=5 from=2
expect   msg cmd=REQUEST_SINGLE seq=${s^1} flow=0
end
EOF

# ---- JSON: the numbers, by hand ------------------------------------------------------------
status json 0 "$R" export --vectors "$V" --profile ports=6,vcs=8 --revisions=p12r3,p9r3 \
    --caps "codec cs64 cs48 gen arbtx" --out "$tmp/j"
J=$tmp/j/export.json
# one line per value, no blanks: easy to grep
tr -d ' \n' <"$J" >"$tmp/flat"
hasflat() { if grep -qF -- "$2" "$tmp/flat"; then good; else bad "$1" "no '$2' in export.json"; fi; }
hasflat profile-params '"params":{"ports":6,"vcs":8,"counter_width":0,'
hasflat profile-vars '"variables":{"ports":6,"last_port":5,"vcs":8,"counter_width":null,"tc":null'
hasflat counts '"selected":3,"applicable":3,'
# CS64 known answer: len 8, hi 0xDF000100E2BE8698 = 16068844573773694616
hasflat cs64-stim '"args":[{"name":"len","index":0,"value":8},{"name":"hi","index":1,"value":16068844573773694616},{"name":"lo","index":2,"value":0}]'
hasflat cs64-fields '"args":[{"name":"stype0","index":0,"value":13},{"name":"parameter0","index":1,"value":3840},{"name":"parameter1","index":2,"value":16},{"name":"stype1","index":3,"value":56},{"name":"crc","index":4,"value":11510182},{"name":"alignment","index":5,"value":0}]'
# 0xF00010 = 15728656; vc=all = 255 (RC_SYMBOLS); status 0x1 under mask 0x3
hasflat cs64-decode '{"name":"param","index":1,"value":15728656}'
hasflat symbol '{"name":"vc","index":2,"value":255,"symbol":"all"}'
hasflat mask '{"name":"status","index":6,"value":1,"mask":3}'
hasflat crc-result '"result":{"name":"crc","code":-22,'
hasflat allow '"allow":[{"line":'
hasflat allow-max '"output":"cs64","output_number":4,"note":false,"args":[],"max":1}'
# gen: ports=${ports} = 6, format=cs48 = 48, csr port=${last_port} = 5,
# congest port=${ports-2} = 4, value 0x00800020 = 8388640, ride=any = 255
hasflat cfg-ports '{"key":"ports","key_number":3,"value":6,"from":"ports","given":true}'
hasflat cfg-format '{"key":"format","key_number":2,"value":48,"symbol":"cs48","given":true}'
hasflat cfg-default '{"key":"refresh","key_number":5,"value":0,"given":false}'
hasflat var-last-port '[{"name":"port","index":0,"value":5,"from":"last_port"},{"name":"value","index":1,"value":8388640}]'
hasflat var-offset '{"name":"port","index":0,"value":4,"from":"ports"}'
hasflat gen-mask '{"name":"status","index":3,"value":3,"mask":255}'
hasflat query '"op":"query","line":'
hasflat query-answer '"answer":{"value":1},"checks":["P12-4.2-e"]'
# arbtx: REQUEST_SINGLE = 5, XON_ARB = 4 (RC_SYMBOLS), ?s, $s, ${s^1}
hasflat bind '{"name":"seq","index":1,"bind":"s"}'
hasflat ref '{"name":"seq","index":2,"ref":"s","op":"add","operand":0}'
hasflat xor '{"name":"seq","index":1,"ref":"s","op":"xor","operand":1}'
hasflat cmd '{"name":"cmd","index":0,"value":5,"symbol":"REQUEST_SINGLE"}'
hasflat wait '"op":"wait","line":'
hasflat wait-window '"upto":5,"from":2,'
# two alternatives, each with the common do first
n=$(grep -o '"event":"pdu"' "$tmp/flat" | wc -l)
eq alternatives "$n" 2
hasflat binds '"binds":["s"]'

# ---- not applicable, with the reason ---------------------------------------------------------
cat >"$tmp/dut.cfg" <<'EOF'
# a codec-only device (the handshake's lines)
revisions p12r3 p9r3
caps codec cs64
profile ports=4
machines codec
EOF
status config 0 "$R" export --vectors "$V" --config "$tmp/dut.cfg" --format=csv --out -
C=$tmp/out
has na-cap "$C" 't.gen.vars,'
has na-cap "$C" ',not-applicable,the DUT lacks capability cs48,'
has na-arb "$C" ',not-applicable,the DUT lacks capability arbtx,'
has applicable "$C" ',applicable,,0,vector,codec,0,'
status na-machine 0 "$R" export --vectors "$V" --config "$tmp/dut.cfg" --caps codec,cs64,gen,cs48
has na-machine "$tmp/out" '"reason": "the DUT provides no gen machine"'
status na-rev 0 "$R" export --vectors "$V" --revisions p9r3
has na-rev "$tmp/out" '"reason": "the DUT implements none of the revisions p12r3"'
status na-param 0 "$R" export --vectors "$V" --profile vcs=8
has na-param "$tmp/out" '"reason": "the DUT profile gives no ports"'

# ---- CSV: RFC 4180 -------------------------------------------------------------------------
status csv 0 "$R" export --vectors "$V" --profile ports=6 --format csv --out "$tmp/c"
CSV=$tmp/c/export.csv
# fields per record, with quoted fields (commas, doubled quotes) honoured
awk 'BEGIN { RS = "\r\n" } NF || length($0) {
        n = 1; q = 0; s = $0
        for (i = 1; i <= length(s); i++) {
            c = substr(s, i, 1)
            if (c == "\"") q = !q
            else if (c == "," && !q) n++
        }
        if (q) { print "unbalanced quotes in record " NR; bad = 1 }
        if (n != 16) { print "record " NR ": " n " fields"; bad = 1 }
        rows++
     } END { print rows " rows"; exit bad }' "$CSV" >"$tmp/csvcheck"
if [ $? -eq 0 ]; then good; else bad csv-columns "$(head -3 "$tmp/csvcheck")"; fi
# every line ends in CRLF, the header first
n=$(grep -c "$(printf '\r')\$" "$CSV"); m=$(wc -l <"$CSV")
eq csv-crlf "$n" "$m"
eq csv-header "$(head -1 "$CSV" | tr -d '\r')" \
    "vector,file,line,status,reason,alternative,type,name,number,args,repeat,upto,from,value,rules,setup"
has csv-quoted "$CSV" "\"$tmp/small,\"\"x\"\".vec\""
has csv-args "$CSV" ',do,cs64_unpack,7,len=8 hi=16068844573773694616 lo=0,1,,,,P12-3.2-a,check'
has csv-mask "$CSV" ',expect,symbol,1,tx_port=0 vc=255 group=0 status=3/255 ride=255,'
has csv-query "$CSV" ',query,reported,1,port=5 vc=255,,,,1,P12-4.2-e,check'
has csv-result "$CSV" ',result,crc,,,,,,-22,,'
has csv-wait "$CSV" ',2,do,pdu,1,flow=0 mode=0 packets=1,1,'
has csv-wait "$CSV" ',2,wait,tick,4,n=1,,5,2,,P9-2.4.7-1,check'
has csv-bind "$CSV" ',1,do,ccp,3,flow=0 cmd=4 seq=$s,1,'
has csv-xor "$CSV" 'seq=${s^1}'
# header + 3 vector rows + 7 (cs64) + 5 (gen) + 4 + 4 (the two arbtx alternatives)
eq csv-rows "$(wc -l <"$CSV")" 24

# ---- $readmemh -----------------------------------------------------------------------------
status readmemh 0 "$R" export --vectors "$V" --caps codec,cs64,cs48,gen --format readmemh \
    --out "$tmp/h"
S=$tmp/h/codec.cs64_unpack.stim.hex; P=$tmp/h/codec.cs64_unpack.resp.hex
words() { grep -v '^//' "$1" | sed 's| //.*||'; }
eq hex-stim "$(words "$S")" "$(printf '%s\n' \
    0000000000000008DF000100E2BE86980000000000000000 \
    0000000000000008DF000100E2BE86990000000000000000)"
F=FFFFFFFFFFFFFFFF
# result ok, flags = exact (1) + slot 0 expected (2); stype0 0xD, parameter0
# 0xF00, parameter1 0x010, stype1 0x38, CRC 0xAFA1A6, alignment 0; masks
# all ones. Then result crc (-22), outputs not judged (allow), nothing.
eq hex-resp "$(words "$P")" "$(printf '%s\n' \
    "0000000000000000000000000000000300000000000000$(echo 0D)0000000000000F0000000000000000100000000000000038\
0000000000AFA1A60000000000000000$F$F$F$F$F$F" \
    "FFFFFFFFFFFFFFEA0000000000000000$(printf '%0192d' 0)")"
# decode: width 4, param 0xF00010; voq_msg kind vc_ind vc group_width
# status_width group status first_port: kind 0 vc_ind 15 vc 255 group 0
# status 1/3; group_width, status_width, first_port not compared
D=$tmp/h/codec.cs64_decode.resp.hex
Z=0000000000000000
eq hex-decode "$(words "$D")" \
    "${Z}0000000000000003${Z}000000000000000F00000000000000FF${Z}${Z}${Z}0000000000000001${Z}$F$F$F${Z}${Z}${F}0000000000000003${Z}"
has hex-header "$S" "// 2 words of 192 bits (48 hex digits), one per \`do cs64_unpack\` step"
has hex-header "$P" "//   result flags cs64.stype0 cs64.parameter0 cs64.parameter1 cs64.stype1"
has hex-where "$S" "// t.cs64.ka $tmp/small,\"x\".vec:9"
has manifest "$tmp/h/manifest.txt" "not-applicable: the DUT lacks capability arbtx"
[ -e "$tmp/h/codec.cs64_pack.stim.hex" ] && bad hex-only-used "a file for an event no step uses" || good

# `result error` (any code but 0 and notsup): result -1 and flags bit 3; a
# result naming two codes is no word (the manifest says why)
V2="$tmp/anyerr.vec"
cat >"$V2" <<'EOF2'
vector t.cs64.any-error
rules    P12-3.2-a
rev      p12r3
needs    codec cs64
cite     test: a VC_IND of 16 does not fit its 4 bits
machine  codec
do       cs64_encode vc_ind=16 width=4 group=0 status=0
result   error
end

vector t.cs64.two-codes
rules    P12-3.2-a
rev      p12r3
needs    codec cs64
cite     test
machine  codec
do       cs64_encode vc_ind=16 width=4 group=0 status=0
result   range|noent
end
EOF2
status readmemh-any-error 0 "$R" export --vectors "$V2" --caps codec,cs64 --format readmemh \
    --out "$tmp/h2"
eq hex-any-error "$(words "$tmp/h2/codec.cs64_encode.resp.hex" | cut -c1-32)" \
    "FFFFFFFFFFFFFFFF0000000000000009"
has hex-two-codes "$tmp/h2/manifest.txt" "a result naming several codes (the word has one)"

# ---- the whole set: JSON schema, readmemh widths, CS64 round trip ----------------------------
# the JSON Schema checker ci_test.sh uses too (harness/report/tests/schemacheck.c,
# built by make check beside the test programs)
SC=$O/tests/schemacheck
if [ -x "$SC" ]; then
    good
    # the checker itself: a conforming document passes, each kind of
    # violation is found
    status schema-small 0 "$SC" docs/export.schema.json "$J"
    sed 's/"format_version": 1/"format_version": 2/' "$J" >"$tmp/b1.json"
    status checker-const 1 "$SC" docs/export.schema.json "$tmp/b1.json"
    sed 's/"status": "applicable"/"status": "maybe"/' "$J" >"$tmp/b2.json"
    status checker-enum 1 "$SC" docs/export.schema.json "$tmp/b2.json"
    sed 's/"repeat": 1,/"repeat": 1, "extra": 0,/' "$J" >"$tmp/b3.json"
    status checker-additional 1 "$SC" docs/export.schema.json "$tmp/b3.json"
    sed 's/"line": 10,/"line": "10",/' "$J" >"$tmp/b4.json"
    status checker-type 1 "$SC" docs/export.schema.json "$tmp/b4.json"
    sed 's/"value": 16068844573773694616/"value": 18446744073709551616/' "$J" >"$tmp/b5.json"
    status checker-u64-max 1 "$SC" docs/export.schema.json "$tmp/b5.json"
    sed 's/"end_line": [0-9]*,//' "$J" >"$tmp/b6.json"
    status checker-required 1 "$SC" docs/export.schema.json "$tmp/b6.json"
    # every suite, the built-in reference's profile
    status all-json 0 "$R" export --out "$tmp/all"
    status schema-all 0 "$SC" docs/export.schema.json "$tmp/all/export.json"
else
    bad schemacheck "$SC not built (make check builds it)"
fi
status all-readmemh 0 "$R" export --suite p12-cs64 --suite p12-cs48-r3 --suite p9-ccp \
    --format readmemh --out "$tmp/allh"
# every word of a file: its header's width; as many words as the header says
for f in "$tmp"/allh/*.hex; do
    w=$(sed -n 's|^// \([0-9]*\) words of [0-9]* bits (\([0-9]*\) hex digits).*|\1 \2|p' "$f")
    n=${w% *}; digits=${w#* }
    got=$(words "$f" | awk -v d="$digits" '
        { if (length($1) != d || $1 !~ /^[0-9A-F]+$/) badw++; n++ }
        END { print n + 0, badw + 0 }')
    eq "width $(basename "$f")" "$got" "$n 0"
done
# stimulus and response files pair word by word
for f in "$tmp"/allh/*.stim.hex; do
    eq "pairs $(basename "$f")" "$(words "$f" | wc -l)" "$(words "${f%.stim.hex}.resp.hex" | wc -l)"
done
# the CS64 stimulus words decoded by riocheck decode: the result (ok or
# not) and every compared field of the response word. A word per line:
# hex, result, then value and mask of stype0 parameter0 parameter1 stype1
# crc alignment (response fields 3-8 and 9-14).
S=$tmp/allh/codec.cs64_unpack.stim.hex; P=$tmp/allh/codec.cs64_unpack.resp.hex
words "$S" >"$tmp/s.txt"; words "$P" >"$tmp/p.txt"
paste -d ' ' "$tmp/s.txt" "$tmp/p.txt" | awk '{
    len = 0
    for (i = 1; i <= 16; i++) len = len * 16 + index("0123456789ABCDEF", substr($1, i, 1)) - 1
    hex = substr($1, 17, 2 * len); if (hex == "") hex = "-"
    printf "%s %s", hex, substr($2, 1, 16)
    for (k = 0; k < 6; k++) printf " %s %s", substr($2, 33 + 16 * k, 16), substr($2, 129 + 16 * k, 16)
    printf "\n" }' >"$tmp/w.txt"
n=0; nbad=0; nchecked=0
while read -r hex result v1 m1 v2 m2 v3 m3 v4 m4 v5 m5 v6 m6; do
    n=$((n + 1))
    out=$("$R" decode cs64 --group-width 0 --json "$hex" 2>/dev/null); rc=$?
    # stype0 parameter0 parameter1 stype1 crc alignment as decode prints them
    set -- $(echo "$out" | sed -n 's/.*"stype0":\([0-9]*\),.*"parameter0":\([0-9]*\),"parameter1":\([0-9]*\),"stype1":\([0-9]*\),"alignment":\([0-9]*\),"crc24":{"received":\([0-9]*\).*/\1 \2 \3 \4 \6 \5/p')
    if [ "$result" != "0000000000000000" ]; then
        [ "$rc" -ne 0 ] || { nbad=$((nbad + 1)); echo "word $n: $hex: decoded, want result $result"; }
        continue
    fi
    # decode also exits 1 for non-zero alignment bits, which the codec
    # reports with result ok (I-CS-1)
    if [ $# -ne 6 ] || { [ "$rc" -ne 0 ] && [ "$6" = 0 ]; }; then
        nbad=$((nbad + 1)); echo "word $n: $hex: decode exit $rc: $out"; continue
    fi
    for f in "$1 $v1 $m1 stype0" "$2 $v2 $m2 parameter0" "$3 $v3 $m3 parameter1" \
             "$4 $v4 $m4 stype1" "$5 $v5 $m5 crc" "$6 $v6 $m6 alignment"; do
        set -- $f
        [ "$3" = 0000000000000000 ] && continue
        nchecked=$((nchecked + 1))
        if [ $(($1 & 0x$3)) -ne $((0x$2 & 0x$3)) ]; then
            nbad=$((nbad + 1)); echo "word $n: $hex: $4 decodes to $1, the response says 0x$2/0x$3"
        fi
    done
done <"$tmp/w.txt"
[ "$n" -ge 100 ] && [ "$nchecked" -ge 500 ] && [ "$nbad" -eq 0 ] && good ||
    bad cs64-round-trip "$n words, $nchecked fields compared, $nbad differ"

# ---- bad input ---------------------------------------------------------------------------
status bad-option 2 "$R" export --bogus
has bad-option "$tmp/err" "riocheck export: option '--bogus' is unknown"
status missing-value 2 "$R" export --format
status bad-format 2 "$R" export --format=xml
status readmemh-stdout 2 "$R" export --format readmemh
status bad-rev 2 "$R" export --rev p12r9
status bad-cap 2 "$R" export --caps codec,nosuch
has bad-cap "$tmp/err" "--caps codec,nosuch: unknown capability 'nosuch'"
status bad-policy 2 "$R" export --policy rx_beyond=maybe
status extra-arg 2 "$R" export something
status config-and-dut 2 "$R" export --config "$tmp/dut.cfg" --dut x.so
status no-match 2 "$R" export --vector no.such.vector
status no-suite 2 "$R" export --suite nosuch
status config-missing 3 "$R" export --config "$tmp/nosuch.cfg"
has config-missing "$tmp/err" "$tmp/nosuch.cfg: No such file or directory"
printf 'caps codec\nprofile ports=4 lanes=2\n' >"$tmp/bad.cfg"
status config-bad-line 3 "$R" export --config "$tmp/bad.cfg"
has config-bad-line "$tmp/err" "$tmp/bad.cfg:2: 'lanes'"
printf 'caps codec\ncaps cs64\n' >"$tmp/twice.cfg"
status config-twice 3 "$R" export --config "$tmp/twice.cfg"
has config-twice "$tmp/err" "$tmp/twice.cfg:2: 'caps' given twice"
printf 'vector t.bad\nrules P12-3.2-a\nrev p12r3\ncite x\nmachine codec\ndo nosuch_event\nend\n' >"$tmp/bad.vec"
status vec-bad 3 "$R" export --vectors "$tmp/bad.vec"
has vec-bad "$tmp/err" "$tmp/bad.vec:6:"
status vec-missing 3 "$R" export --vectors "$tmp/nosuch.vec"
: >"$tmp/file"
status out-not-dir 3 "$R" export --vectors "$V" --out "$tmp/file/x"
# help
status help 0 "$R" export --help
has help "$tmp/out" "Usage: riocheck export"
status help-top 0 "$R" --help
has help-top "$tmp/out" "  export "

echo "export_test: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
