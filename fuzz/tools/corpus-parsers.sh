#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# fuzz/tools/corpus-parsers.sh - (re)generate the seed corpora and the
# dictionaries of the parser targets (vecfile, catalogue, clihex, selfcheck,
# waiver, proto) from the project's real files: the conformance vectors, the
# suites TSVs, the known answers of vectors/selfcheck/known-answers.txt, the
# example of docs/waivers.md and the names of harness/include/riocheck/dut.h,
# plus a few hand-written corner cases. Plain sh + awk + printf:
#
#     sh fuzz/tools/corpus-parsers.sh     (from anywhere)
#
# Deterministic: the same tree gives the same files. It empties and rewrites
# fuzz/corpus/T/ and fuzz/dict/T.dict of those six targets only.
set -eu
cd "$(dirname "$0")/../.."
C=fuzz/corpus
D=fuzz/dict
SEP=$(printf '\n\034\n.') # catalogue section separator "\n\x1c\n"
SEP=${SEP%.}

for t in vecfile catalogue clihex selfcheck waiver proto; do
    mkdir -p "$C/$t"
    rm -f "$C/$t"/*
done
mkdir -p "$D"

# ---- vecfile: every 25th record of every vector file, one record per seed,
# plus hand-written records for the corners of the grammar.
for f in vectors/*/*.vec; do
    base=$(basename "$(dirname "$f")")-$(basename "$f" .vec)
    awk -v out="$C/vecfile/$base" -v every=25 '
        /^(vector|sweep) / { inrec = 1; n++; buf = "" }
        inrec              { buf = buf $0 "\n" }
        /^end/ {
            if (inrec && (n - 1) % every == 0) {
                fn = sprintf("%s-%03d", out, n); printf "%s", buf > fn; close(fn)
            }
            inrec = 0
        }' "$f"
done
printf '%s\n' \
    'vector v.hex' 'rules P12-3.1-a' 'rev p12r3' 'needs codec cs48' \
    'cite Part 6 Figure 3-2 # comment' 'machine codec' \
    'do cs48_unpack hex=807FC0000A35' 'expect any' 'result ok' 'end' \
    >"$C/vecfile/hand-hex"
printf '%s\n' \
    'vector v.vars' 'rules P9-2.4.2.3-c' 'rev p9r2 p9r3' 'needs ep' \
    'params counter_width tc' 'cite Part 9 2.4.2.3' \
    'machine ep rev=3 counter_width=${counter_width}' \
    'do xoff dest=0x12 flow_id=0A repeat=${tc+1}' 'expect any' \
    'do tick ticks=${orphan_timeout-1}' 'expect none' \
    'query xoff_count dest=0x12 flow_id=0A == ${tc}' 'end' \
    >"$C/vecfile/hand-vars"
printf '%s\n' 'sweep s.r2' 'rules P12-3.1-a' 'rev p12r2' 'needs codec' \
    'cite Part 12 rev 2.2 Table 3-1' 'oracle stype2-r2' 'end' >"$C/vecfile/hand-sweep"
printf 'vector bad\nrules R\nrev p12r9\nend\n' >"$C/vecfile/hand-error"

# ---- catalogue: the three real files and a one-record vector file, then
# small variants: one suite, a glob, an error in each file.
cat_seed() { # NAME CATALOGUE MAP SUITES VEC (file contents)
    printf '%s%s%s%s%s%s%s' "$2" "$SEP" "$3" "$SEP" "$4" "$SEP" "$5" >"$C/catalogue/$1"
}
onevec=$(awk '/^vector /{n++} n==1' vectors/p12/cs48-r2.vec)
cat_seed real "$(cat suites/catalogue.tsv)" "$(cat suites/checklist-map.tsv)" \
    "$(printf 'all\tvectors/*.vec\tAll vectors')" "$onevec"
rule1=$(grep -v '^#' suites/catalogue.tsv | head -3)
map1=$(grep -v '^#' suites/checklist-map.tsv | head -2)
cat_seed small "$rule1" "$map1" "$(printf 'a\tvectors/fuzz.vec, vectors/[f]*.vec\tA\n# c\nb\tvectors/?uzz.vec\tB')" "$onevec"
cat_seed bad-rule "$(printf 'P1\tmust\tp12r3\tcs48\tx\t-')" "$map1" "$(printf 'a\tvectors/*.vec\tA')" ""
cat_seed bad-map "$rule1" "$(printf 'R2.2p12s4.2r0001\t\t-')" "$(printf 'a\tvectors/*.vec\tA')" ""
cat_seed bad-suite "$rule1" "$map1" "$(printf 'a\tvectors/*.vec\tA\na\tx\tB')" ""
cat_seed no-match "$rule1" "$map1" "$(printf 'a\tvectors/none*.vec\tA')" "$onevec"

# ---- clihex: byte 0 = parser (0 hex, 1 uint, 2 encode); see fuzz/clihex.c.
hx() { printf "$2" >"$C/clihex/$1"; }
hx hex-plain   '\000\020\000807FC4003902'
hx hex-colon   '\000\006\0220x80:7f:c4:00:39:02'
hx hex-spaces  '\000\004\001DF 00 01 00'
hx hex-odd     '\000\004\000ABC'
hx uint-dec    '\001\000\000\000\000\377\377\377\37765535'
hx uint-hex    '\001\377\377\377\377\377\377\377\3770xFFFF_FFFF'
hx uint-bin    '\001\000\000\000\000\000\000\000\3770b1000_0001'
hx uint-big    '\001\377\377\377\377\377\377\377\37718446744073709551616'
# encode: the real known answers, with their options as the two bytes
grep -v '^#' vectors/selfcheck/known-answers.txt | grep '=>' | awk '
    {
        rev = 3; gw = 8; words = ""
        for (i = 1; i <= NF && $i != "=>"; i++) {
            if ($i == "--rev") { rev = $(i + 1) - 1; i++; continue }
            if ($i == "--group-width") { gw = $(i + 1) + 1; i++; continue }
            words = words (words == "" ? "" : " ") $i
        }
        n++
        fn = sprintf("'"$C"'/clihex/encode-%03d", n)
        printf "%c%c%c%s", 2, rev, gw, words > fn
        close(fn)
    }' 

# ---- selfcheck: the real known-answer file, in chunks of 8 records, plus
# malformed records.
awk -v out="$C/selfcheck/known" '
    /^#/ || /^[ \t]*$/ { next }
    { k = int(n / 8); n++; fn = sprintf("%s-%02d", out, k); print > fn }
    END { for (i = 0; i <= k; i++) close(sprintf("%s-%02d", out, i)) }' \
    vectors/selfcheck/known-answers.txt
printf 'cs48 stype0=4 parameter1=63 stype1=7 stype2=0 => 807FC0000A36\n' >"$C/selfcheck/wrong-crc"
printf '# comment\ncs64 --group-width 9 stype0=4 => 00\n' >"$C/selfcheck/bad-option"
printf 'ccp --rev 3 command=XOFF => 0G\n' >"$C/selfcheck/bad-hex"
printf 'cs48 stype0=4\n' >"$C/selfcheck/no-arrow"

# ---- waiver: the example of docs/waivers.md, two files with verdict bytes
# (fuzz/waiver.c: files and verdicts separated by "\n\x1c\n").
awk '/^```/ { on = !on; next } on' docs/waivers.md >"$C/waiver/doc-example"
printf '%s\n' '# waivers for Acme 1.2' '' '   \t ' 'p12.a.fail\tknown erratum E-7 #123  ' \
    'p9.*.err  crash under   investigation\r' 'R-D   bit order' 'p12.[ab].x?   brackets' \
    'p12.[!c]*\tnegated class' 'p9.[a-f0-9]?.x  range' >"$C/waiver/globs"
printf 'a.* one\nb.[!x]? two\n%s[c-e]*.z three\n%s\001\201\202\203\204\240\241\242' \
    "$SEP" "$SEP" >"$C/waiver/two-files-rows"
printf 'a.b first\nc.d x\na.b second\n' >"$C/waiver/twice"
printf 'a.b caf\303\251 \342\202\254 ok\nc.d bad \355\240\200 surrogate\n' >"$C/waiver/utf8"

# ---- proto: byte 0 even = requests to the shim, odd = a DUT's answers to the
# client (fuzz/proto.c); requests in the words of harness/proc/shim_main.c.
P=$C/proto
printf '\000hello riocheck-dut-protocol 1\ncreate 1 gen rev=3 format=64 ports=4\nstep 1 csr port=0 value=0x00800020\nstep 1 csr port=2 value=0x00400000\nstep 1 congest port=2 vc=0 on=1\nquery 1 reported port=2 vc=255\nbye\n' >"$P/shim-gen"
printf '\000hello riocheck-dut-protocol 1\n# comment\n\ncreate 2 codec\nstep 2 cs48_unpack len=6 hi=0x807FC4003902 lo=0\nfastpath cs64_decode width=4 param=0xF0001\ndestroy 2\r\nstep 2 x\n' >"$P/shim-codec"
printf '\000create 1 codec\nhello riocheck-dut-protocol 2\nhello riocheck-dut-protocol 1\nhello riocheck-dut-protocol 1\ncreate 0 ep\ncreate 1 nosuch\ncreate 1 ep rev=3 rev=2\nstep 1 tick ticks=5 ticks=6\nquery 9 x\nwhat\nbye now\n' >"$P/shim-errors"
printf '\001hello riocheck-dut-protocol 1\nname fuzz dut\nversion 1.0\nrevisions p12r2 p12r3 p9r2 p9r3\ncaps codec cs48 cs64\nprofile ports=8 vcs=8 counter_width=4 orphan_timeout=1000 flow_list=8 arb_pool=1\nmachines codec p9reg\nfastpath cs64_decode\nready\nok\nout voq_msg kind=0 vc=255\ndone result=ok\nerror result=notsup\nok\nok\ndone result=inval\nvalue 0\nok\nout voq_msg kind=0\ndone result=ok\n' >"$P/client-codec-p9reg"
printf '\001banner of a simulator\nhello riocheck-dut-protocol 1\nname x\nversion y\nmachines ep\nready\nerror result=-5\n' >"$P/client-ep-refused"
printf '\001hello riocheck-dut-protocol 3\n' >"$P/client-version"
# notsup reasons (why_notsup, docs/dut-protocol.md "Reasons"): declared, long
# with control bytes, undeclared, and text after a result other than notsup
printf '\001hello riocheck-dut-protocol 1\nname fuzz dut\nversion 1.0\nrevisions p12r3 p9r3\ncaps codec stype2 cs48_split p9reg why_notsup\nmachines codec p9reg\nready\nok\ndone result=notsup value 0x2002 is not supported\nerror result=notsup no queries \\"q\\" <script>\nok\nerror result=notsup p9reg with 3 ports is not supported\n' >"$P/client-notsup-why"
printf '\001hello riocheck-dut-protocol 1\nname x\nversion y\ncaps codec why_notsup\nmachines codec p9reg\nready\nok\ndone result=-41 \001\033[31m\ttab\r\nerror result=notsup\nok\nerror result=notsup %s\n' \
    "$(awk 'BEGIN { while (i++ < 3000) printf "W" }')" >"$P/client-notsup-why-long"
printf '\001hello riocheck-dut-protocol 1\nname x\nversion y\ncaps codec\nmachines codec\nready\nok\ndone result=notsup a reason from a DUT that did not declare why_notsup\nerror result=inval not a reason\nok\n' >"$P/client-notsup-undeclared"
printf '\001hello riocheck-dut-protocol 1\nname x\nversion y\ncaps codec why_notsup\nmachines codec\nready\nok\ndone result=ok trailing words are garbage\n' >"$P/client-done-ok-text"

# ---- dictionaries
names=$(grep -o '"[A-Za-z0-9_*]*"' harness/include/riocheck/dut.h | sort -u)
{
    echo '# vector file grammar (docs/vector-format.md) and the names of riocheck/dut.h'
    for w in vector sweep end rules rev needs params cite machine oracle do expect \
        query result none any repeat= hex= == '${' '}' '#' p12r2 p12r3 p9r2 p9r3 \
        ports last_port vcs counter_width tc orphan_timeout flow_list arb_pool \
        stype2-r2 stype2-r3 0x 0b _; do
        printf '"%s"\n' "$w"
    done
    echo "$names"
    echo "$names" | sed 's/"$/="/'
} | awk '!seen[$0]++' >"$D/vecfile.dict"
{
    echo '# suites/*.tsv (suites/README.md) and the section separator of fuzz/catalogue.c'
    for w in shall should may def p12r2 p12r3 p9r2 p9r3 cs48 cs64 portmap csr gen rx \
        ccp ep sw arb-tx arb-rx car sys - P12- P9- -x1 R2.2p12s4.2r0001 \
        vectors/ '*.vec' '[' ']' '?' ', ' '#'; do
        printf '"%s"\n' "$w"
    done
    printf '"\\x09"\n"\\x0A\\x1C\\x0A"\n"\\x0D\\x0A"\n'
} >"$D/catalogue.dict"
enc_words='stype2 cs48 cs64 ccp group= status= congested= stype0= parameter0=
parameter1= stype1= cmd= stype2= vc_ind= vc= ack_id= crf= prio= tt= destination_id=
tgt_destination_id= xon= fam= command= seq= rsrv= flow_id= flow= soc= dev8 dev16 dev32
XOFF XON XOFF_ARB XON_ARB RELEASE REQUEST_SINGLE REQUEST_MULTI all 0A 0F 1A 8A 0x 0X
0b 0B _ : -'
{
    echo '# riocheck encode words and hex/number syntax (harness/cli/cli.h, codec.c)'
    for w in $enc_words; do printf '"%s"\n' "$w"; done
    printf '"\\x00"\n"\\x09"\n"\\x20"\n'
} >"$D/clihex.dict"
{
    echo '# known-answer records: FORMAT [--rev 2|3] [--group-width N] FIELD=VALUE... => HEX'
    for w in $enc_words '=>' --rev --group-width --json --help '#'; do
        printf '"%s"\n' "$w"
    done
    printf '"\\x0A"\n"\\x0D"\n"\\x09"\n'
} >"$D/selfcheck.dict"

{
    echo '# waiver files (docs/waivers.md) and the separators of fuzz/waiver.c'
    for w in '*' '?' '[' ']' '[!' '-' '#' p12. p9. P12- P9- .sweep; do
        printf '"%s"\n' "$w"
    done
    printf '"\\x09"\n"\\x0D\\x0A"\n"\\x0A\\x1C\\x0A"\n"\\xC2\\x85"\n"\\xED\\xA0\\x80"\n"\\xF4\\x90\\x80\\x80"\n"\\xE0\\x80\\x80"\n'
} >"$D/waiver.dict"

{
    echo '# the DUT protocol (harness/proc/proc.h) and the names of riocheck/dut.h'
    for w in hello riocheck-dut-protocol name version revisions caps profile machines \
        fastpath cs64_decode ready create step query destroy bye ok error out done \
        value result= width= param= 0x result=notsup; do
        printf '"%s"\n' "$w"
    done
    echo "$names"
    echo "$names" | sed 's/"$/="/'
    printf '"\\x0A"\n"\\x0D\\x0A"\n"\\x09"\n'
} | awk '!seen[$0]++' >"$D/proto.dict"

for t in vecfile catalogue clihex selfcheck waiver proto; do
    echo "$t: $(ls "$C/$t" | wc -l) seeds"
done
