# gen-absent-bits.awk - finds the generator vectors that judge status bits of
# ports beyond the device (Part 12 erratum 10, I-GEN-4 of rio/voqgen.h).
#
# A VoQ symbol of transmitting port p for group g carries S status bits, bit
# i for port g*S + i (2.1, Tables 3-2 and 3-4): S = 6 (rev 2: fixed 6-port
# groups, 32 groups), 13 - w (rev 3 CS48) or 20 - w (CS64), with w = p's TX
# Port Group Size (CSR bits 26-28, (value >> 3) & 7; 2^w groups). A bit whose
# port is >= the machine's `ports=` is an absent port's: its value is
# implementation-defined (erratum 10). This script computes, for every
# record of machine gen, every line that pins such a bit:
#   expect symbol / allow symbol with a status= (group= given: that group;
#       no group=: any group of p's width, as the line matches any), and
#   query last_sent port=p group=g (the status p last sent for g);
# `ports=${ports}` (the DUT's own count) is any count: every such line pins
# absent bits for some device. The width of p follows the `do csr` lines
# (reset: w = 0); a `branch` restarts from the state at the first `branch`.
#
# Output, one line per record that pins absent bits:
#   FILE:LINE ID E=n A=n Q=n policy=<the record's policy line or ->
# (LINE: the record's `vector` line; n: how many expect / allow / query
# lines pin absent bits). With -v check=1 it prints only the records without
# `gen_absent_bits=zero` on their policy line and exits 1 if there is one.
# With -v detail=1 it also prints each pinning line.
#
# Run from the repository root:
#   awk -f harness/examples/gen-absent-bits.awk vectors/p12/*.vec
#   awk -v check=1 -f harness/examples/gen-absent-bits.awk vectors/p12/*.vec
# No Python (docs: STYLE.md); plain POSIX awk.

function num(s) {
    # a NUMBER of the vector language: decimal, 0x hex, 0b binary, "_" allowed
    gsub(/_/, "", s)
    if (s ~ /^0[xX][0-9A-Fa-f]+$/) return hex(substr(s, 3))
    if (s ~ /^0[bB][01]+$/) return bin(substr(s, 3))
    if (s ~ /^[0-9]+$/) return s + 0
    return -1
}
function hex(s,   v, i, c) {
    v = 0
    for (i = 1; i <= length(s); i++) {
        c = index("0123456789abcdef", tolower(substr(s, i, 1))) - 1
        v = v * 16 + c
    }
    return v
}
function bin(s,   v, i) {
    v = 0
    for (i = 1; i <= length(s); i++) v = v * 2 + (substr(s, i, 1) == "1")
    return v
}
# arg(NAME): the value of NAME=VALUE among the words of the current line
# (comments stripped), or "" when absent.
function arg(name,   i) {
    for (i = 2; i <= nw; i++)
        if (index(w[i], name "=") == 1) return substr(w[i], length(name) + 2)
    return ""
}
function pow2(n,   v) { v = 1; while (n-- > 0) v *= 2; return v }
# status bits of port p's symbols; 0 when p sends none (width 7, rev 3)
function sbits(p,   wd) {
    if (rev == 2) return 6
    wd = (p in width) ? width[p] : 0
    if (wd == 7) return 0
    return (fmt == 64 ? 20 : 13) - wd
}
function ngroups(p) { return rev == 2 ? 32 : pow2((p in width) ? width[p] : 0) }
# 1 when group g (or, g = "", any group) of port p names a port >= ports
function absent(p, g,   s) {
    s = sbits(p)
    if (s == 0) return 0
    if (ports < 0) return 1
    if (g == "") return ngroups(p) * s > ports
    return (g + 1) * s > ports
}
function flush() {
    if (id != "" && machine == "gen" && (ne + na + nq) > 0) {
        zero = (policy ~ /(^| )gen_absent_bits=zero( |$)/)
        if (!check || !zero) {
            printf "%s:%d %s E=%d A=%d Q=%d policy=%s\n", vfile, vline, id, ne, na, nq,
                   (policy == "" ? "-" : policy)
            if (detail) printf "%s", lines
            if (!zero) missing++
        }
        found++
    }
    id = ""; machine = ""; policy = ""; ne = na = nq = 0; lines = ""
    split("", width); split("", saved); branched = 0
}
FNR == 1 { flush() }
{
    line = $0
    sub(/#.*/, "", line)
    nw = split(line, w, /[ \t]+/)
    if (nw > 0 && w[1] == "") { for (i = 1; i < nw; i++) w[i] = w[i + 1]; nw-- }
    if (nw == 0) next
}
w[1] == "vector" || w[1] == "sweep" { flush(); id = w[2]; vfile = FILENAME; vline = FNR; next }
id == "" { next }
w[1] == "end" { flush(); next }
w[1] == "policy" { policy = substr(line, index(line, w[2])); sub(/[ \t]+$/, "", policy); next }
w[1] == "machine" {
    machine = w[2]
    rev = 3; fmt = 48; ports = 8
    v = arg("rev"); if (v != "") rev = num(v)
    v = arg("format"); if (v == "cs64" || v == "64") fmt = 64
    v = arg("ports")
    if (v != "") ports = (v ~ /^\$/) ? -1 : num(v)
    next
}
machine != "gen" { next }
w[1] == "branch" {
    if (!branched) { for (p in width) saved[p] = width[p]; branched = 1 }
    split("", width); for (p in saved) width[p] = saved[p]
    next
}
w[1] == "do" && w[2] == "csr" {
    p = num(arg("port")); v = num(arg("value"))
    if (p >= 0 && v >= 0) width[p] = int(v / 8) % 8
    next
}
(w[1] == "expect" || w[1] == "allow") && w[2] == "symbol" {
    p = num(arg("tx_port"))
    if (p < 0 || (arg("status") == "" && arg("encoded") == "")) next   # judges no status bit
    g = arg("group"); if (g != "") g = num(g)
    if (absent(p, g)) {
        if (w[1] == "expect") ne++; else na++
        lines = lines "    " FNR ": " $0 "\n"
    }
    next
}
w[1] == "query" && w[2] == "last_sent" {
    p = num(arg("port")); g = num(arg("group"))
    if (p >= 0 && g >= 0 && absent(p, g)) { nq++; lines = lines "    " FNR ": " $0 "\n" }
    next
}
END {
    flush()
    if (check) {
        printf "gen-absent-bits: %d records pin absent-port bits, %d without policy gen_absent_bits=zero\n",
               found, missing
        exit missing > 0
    }
}
