# SPDX-License-Identifier: Apache-2.0
# gen-absent-bits.awk - finds, masks and checks the generator vectors that
# judge status bits of ports beyond the device (Part 12 erratum 10, I-GEN-4
# of rio/voqgen.h).
#
# A VoQ symbol of transmitting port p for group g carries S status bits, bit
# i for port g*S + i (2.1, Tables 3-2 and 3-4): S = 6 (rev 2: fixed 6-port
# groups, 32 groups), 13 - w (rev 3 CS48) or 20 - w (CS64), with w = p's TX
# Port Group Size (CSR bits 26-28, (value >> 3) & 7; 2^w groups). A bit whose
# port is >= the machine's `ports=` is an absent port's: its value is
# implementation-defined (erratum 10). The width of p follows the `do csr`
# lines (reset: w = 0; a new width applies from its own step on, I-GEN-8); a
# `branch` restarts from the state at the first `branch`.
#
# Where the bits sit (rio/voq.h, dut.h RC_GEN_OUTPUTS): `status` is the S-bit
# status field; `encoded` is the bare VoQ field of the symbol, without any
# CRC (the CS48 CRC-13 and the CS64 CRC-24 are computed over the whole
# symbol by the codec and are not part of it):
#   rev 2 CS48 stype2, 14 bits: CMD(3) = 0b001 || status(6) || group(5)
#   rev 3 CS48 stype2, 14 bits: CMD(1) = 0b1 || status(13-w) || group(w)
#   CS64 parameter0||parameter1, 24 bits: VC_IND(4) || status(20-w) || group(w)
# so status bit i is bit i + shift of `encoded`, shift = 5 (rev 2) or w.
#
# For every record of machine gen, every line that covers such a bit:
#   expect / allow symbol with status= or encoded= and group=g: the absent
#       bits of g (none when g*S+S <= ports);
#   allow symbol without group= (it matches every group): the absent bits of
#       the one group IN USE that reaches past the device (g*S < ports <
#       g*S+S; voqgen.h: the groups in use are those with g*S < ports). A
#       group wholly beyond the device is not in use: no vector expects a
#       symbol for one and every step refuses an unexpected one, so these
#       lines (status 0 for every group) are left as they are;
#   query last_sent port=p group=g (the status p last sent for g).
# A line is MASKED when it writes VALUE/MASK (docs/vector-format.md "Some
# bits only") with exactly the mask computed here: status S bits less the
# absent ones, encoded every bit of the field less the absent ones at their
# place, last_sent like status. A group-less allow line is masked by a
# companion line right after it in the same step: the same words with
# group=g inserted before status= and status (encoded) masked for g. A line
# that compares an absent bit is a PIN: it needs `policy gen_absent_bits=zero`
# on its record. `ports=${ports}` (the DUT's own count) is any count: every
# line there pins absent bits for some device, no mask can be computed, so
# those records keep the policy.
#
# Modes (run from the repository root):
#   awk -f harness/examples/gen-absent-bits.awk vectors/p12/*.vec
#       one line per gen record covering absent bits:
#       FILE:LINE ID ports=P E=n A=n Q=n M=n policy=<policy line or ->
#       (E/A/Q: expect/allow/query lines pinning absent bits, M: masked
#       lines), then a summary; -v detail=1 also prints each such line.
#   awk -v check=1 -f harness/examples/gen-absent-bits.awk vectors/p12/*.vec
#       prints only the failing records, the summary, and exits 1 if one
#       fails: a pin without the policy; the policy on a record that pins
#       nothing; a mask that is not the computed one (too wide or too
#       narrow) or a mask on a line covering no absent bit or in a
#       ports=${ports} record; an `encoded` whose group or status field
#       differs from the line's group= / status=.
#   awk -v fix=1 -f harness/examples/gen-absent-bits.awk FILE > NEW
#       rewrites one file: in every gen record with a literal ports= the
#       pinning lines get the computed masks (absent bits cleared from the
#       value), group-less allow lines get their companion, the policy
#       key gen_absent_bits=zero is removed and a comment line says what is
#       masked (in place of a policy line left empty); ports=${ports}
#       records are left alone. Idempotent: on its own output it changes
#       nothing. A record with a line it cannot mask (an expect line without
#       group=: a companion would be one more required symbol) keeps the
#       policy; such lines, wrong masks and wrong encodings are named on
#       stderr (exit 1 for the last two).
# No Python (docs: STYLE.md); plain POSIX awk (mawk: numbers here stay
# below 2^24, bit operations are done bit by bit).

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
function pow2(n,   v) { v = 1; while (n-- > 0) v *= 2; return v }
# a AND b, bit by bit (both >= 0, < 2^31)
function band(a, b,   r, bit) {
    r = 0; bit = 1
    while (a > 0 && b > 0) {
        if (a % 2 == 1 && b % 2 == 1) r += bit
        a = int(a / 2); b = int(b / 2); bit *= 2
    }
    return r
}
function xhex(v) { return sprintf("0x%X", v) }
# arg(NAME): the value of NAME=VALUE among the words of the current line
# (comments stripped), or "" when absent.
function arg(name,   i) {
    for (i = 2; i <= nw; i++)
        if (index(w[i], name "=") == 1) return substr(w[i], length(name) + 2)
    return ""
}
# splitvm(TEXT): sets V and M from "VALUE" (M = -1: no mask) or
# "VALUE/MASK"; V = -1 when not a number
function splitvm(t,   k) {
    k = index(t, "/")
    if (k == 0) { V = num(t); M = -1; return }
    V = num(substr(t, 1, k - 1)); M = num(substr(t, k + 1))
    if (M < 0) V = -1
}
# status bits of port p's symbols; 0 when p sends none (width 7, rev 3)
function sbits(p,   wd) {
    if (rev == 2) return 6
    wd = (p in width) ? width[p] : 0
    if (wd == 7) return 0
    return (fmt == 64 ? 20 : 13) - wd
}
function gbits(p) { return rev == 2 ? 5 : ((p in width) ? width[p] : 0) }
function ngroups(p) { return pow2(gbits(p)) }
function fieldbits() { return fmt == 64 ? 24 : 14 }
# the absent bits of group g of port p (bit i: port g*S + i >= ports);
# ports must be literal
function absentbits(p, g,   s, i, a, bit) {
    s = sbits(p); a = 0; bit = 1
    for (i = 0; i < s; i++) { if (g * s + i >= ports) a += bit; bit *= 2 }
    return a
}
# the group in use that reaches past the device, or -1
function partialgroup(p,   s, g) {
    s = sbits(p)
    if (s == 0 || ports % s == 0) return -1
    g = int(ports / s)
    return g < ngroups(p) ? g : -1
}
# the words of the current line with group=G inserted before status= and
# status / encoded masked for group G: the companion of a group-less line
function companion(p, g,   a, i, out, t, s) {
    a = absentbits(p, g); s = sbits(p); out = w[1]
    for (i = 2; i <= nw; i++) {
        t = w[i]
        if (index(t, "status=") == 1) {
            out = out " group=" g
            splitvm(substr(t, 8))
            t = "status=" xhex(band(V, pow2(s) - 1 - a)) "/" xhex(pow2(s) - 1 - a)
        } else if (index(t, "encoded=") == 1) {
            splitvm(substr(t, 9))
            t = "encoded=" xhex(band(V, pow2(fieldbits()) - 1 - a * pow2(shiftof(p)))) "/" \
                xhex(pow2(fieldbits()) - 1 - a * pow2(shiftof(p)))
        }
        out = out " " t
    }
    return out
}
function shiftof(p) { return rev == 2 ? 5 : gbits(p) }
function words(   i, out) { out = w[1]; for (i = 2; i <= nw; i++) out = out " " w[i]; return out }
function note(kind, what) {
    lines = lines "    " FNR ": " kind ": " what "\n"
}
function fail(what) { bad++; note("error", what) }
# the end of a step (do, wait, branch, end): a group-less line whose
# companion did not follow pins; fix inserts the companion after it
function endstep(   k) {
    for (k in pending) {
        npins++; na++
        lines = lines "    " pendfnr[k] ": pin: no companion for group " pendgroup[k] "\n"
        fixafter[pendline[k]] = fixafter[pendline[k]] "\n" pendtext[k]
    }
    split("", pending); split("", pendline); split("", pendtext); split("", pendfnr)
    split("", pendgroup)
}
function flush(   zero, reason, i, out, pl, rest, k) {
    endstep()
    zero = (policy ~ /(^| )gen_absent_bits=zero( |$)/)
    if (id != "" && machine == "gen") {
        gens++
        reason = ""
        if (npins > 0 && !zero) reason = "pins absent-port bits without a mask or policy gen_absent_bits=zero"
        if (npins == 0 && zero) reason = "policy gen_absent_bits=zero but no line pins an absent-port bit"
        if (bad > 0) reason = (reason == "" ? "" : reason "; ") bad " line(s) with a wrong mask or encoding"
        if (npins + nmasked > 0) covering++
        if (nmasked > 0 && npins == 0) maskedrecs++
        if (npins > 0 && zero) { kept++; if (ports < 0) keptvar++ }
        maskedlines += nmasked
        if (reason != "") failing++
        if (!fix && (npins + nmasked + bad > 0 || zero) && (!check || reason != "")) {
            printf "%s:%d %s ports=%s E=%d A=%d Q=%d M=%d policy=%s%s\n", vfile, vline, id,
                   (ports < 0 ? "${ports}" : ports), ne, na, nq, nmasked,
                   (policy == "" ? "-" : policy), (reason == "" ? "" : "  FAIL: " reason)
            if (detail || check) printf "%s", lines
        }
        if (fix && (bad > 0 || lines ~ /: (note|error|cannot fix):/)) {
            printf "%s:%d %s:\n%s", vfile, vline, id, lines > "/dev/stderr"
            fixerrs += bad
        }
    }
    if (fix) {
        # the policy key goes when every pin of a literal-ports record was
        # masked (the pins counted here are the ones this pass rewrote)
        for (i = 1; i <= nbuf; i++) {
            out = buf[i]
            if (i == policyidx && machine == "gen" && zero && ports >= 0 && nofix == 0) {
                pl = out; rest = ""
                k = index(pl, "#")
                if (k > 0) { rest = substr(pl, k); pl = substr(pl, 1, k - 1) }
                sub(/[ \t]+gen_absent_bits=zero/, "", pl)
                sub(/[ \t]+$/, "", pl)
                if (rest ~ /erratum 10/) rest = ""   # the comment was about this key
                if (pl ~ /^[ \t]*policy$/) {
                    if (npins + nmasked == 0) continue
                    out = maskcomment()
                } else {
                    out = pl (rest == "" ? "" : "   " rest)
                    if (npins + nmasked > 0) out = out "\n" maskcomment()
                }
            }
            print out (i in fixafter ? fixafter[i] : "")
        }
    }
    id = ""; machine = ""; policy = ""; ne = na = nq = nmasked = npins = bad = nofix = 0
    lines = ""; nbuf = 0; policyidx = 0; hasenc = hasst = hasq = 0
    split("", width); split("", saved); split("", fixafter); branched = 0
}
function maskcomment(   what) {
    what = (hasst ? "status" : "")
    if (hasenc) what = what (what == "" ? "" : (hasq ? ", " : " and ")) "encoded"
    if (hasq) what = what (what == "" ? "" : " and ") "last_sent"
    return "# ports >= " ports " are beyond the device: /MASK leaves their bits of " what \
           " unjudged (erratum 10, I-GEN-4)" \
           (hasenc ? "; encoded is the bare " (fmt == 64 ? "CS64 parameter" : "stype2") ", no CRC in it" : "")
}
# one status= / encoded= / query value: text T of a field whose absent bits
# are A and whose full width is F bits; counts the line as a pin, a
# masked line or an error; in fix mode returns the rewritten text
function judge(t, a, f, what,   full, want) {
    splitvm(t)
    full = pow2(f) - 1; want = full - a
    if (V < 0) return t                       # ?name, $name: the DUT's own value
    if (a == 0) {
        if (M >= 0) fail(what " has a mask but covers no absent bit (" t ")")
        return t
    }
    if (ports < 0) {
        if (M >= 0) fail(what " has a mask in a ports=${ports} record (" t ")")
        linepin = 1
        return t
    }
    if (M < 0) {
        linepin = 1
        if (band(V, a) != 0) note("note", what " pins an absent bit to 1 (" t "): fix clears it")
        return xhex(band(V, want)) "/" xhex(want)
    }
    if (M != want) fail(what " mask " xhex(M) " is not " xhex(want) " (" t ")")
    else linemasked = 1
    return t
}
# replace word OLD of the code part of the raw line R by NEW
function replace(r, old, new,   code, rest, k, pre) {
    k = index(r, "#"); code = r; rest = ""
    if (k > 0) { code = substr(r, 1, k - 1); rest = substr(r, k) }
    pre = " " code " "
    gsub(/\t/, " ", pre)
    k = index(pre, " " old " ")
    if (k == 0) { note("cannot fix", "no word " old); nofix++; return r }
    return substr(code, 1, k - 1) new substr(code, k + length(old)) rest
}
FNR == 1 { flush() }
{
    raw = $0
    line = $0
    sub(/#.*/, "", line)
    sub(/[ \t]+$/, "", line)
    nw = split(line, w, /[ \t]+/)
    if (nw > 0 && w[1] == "") { for (i = 1; i < nw; i++) w[i] = w[i + 1]; nw-- }
    if (nw == 0) { if (fix) { if (id != "") buf[++nbuf] = raw; else print raw } ; next }
}
w[1] == "vector" || w[1] == "sweep" {
    flush(); id = w[2]; vfile = FILENAME; vline = FNR
    if (fix) buf[++nbuf] = raw
    next
}
id == "" { if (fix) print raw; next }
fix { buf[++nbuf] = raw }
w[1] == "end" { flush(); next }
w[1] == "policy" { policy = substr(line, index(line, w[2])); sub(/[ \t]+$/, "", policy); policyidx = nbuf; next }
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
    endstep()
    if (!branched) { for (p in width) saved[p] = width[p]; branched = 1 }
    split("", width); for (p in saved) width[p] = saved[p]
    next
}
w[1] == "do" || w[1] == "wait" { endstep() }
w[1] == "do" && w[2] == "csr" {
    p = num(arg("port")); v = num(arg("value"))
    if (p >= 0 && v >= 0) width[p] = int(v / 8) % 8
    next
}
(w[1] == "expect" || w[1] == "allow") && w[2] == "symbol" {
    p = num(arg("tx_port"))
    st = arg("status"); en = arg("encoded")
    if (p < 0 || (st == "" && en == "") || sbits(p) == 0) next   # judges no status bit
    cur = words()
    if (cur in pending) delete pending[cur]   # the companion of a group-less line
    g = arg("group")
    if (g == "") {
        if (ports >= 0) {
            if (st != "") { splitvm(st); if (M >= 0) fail("status mask on a line without group= (" st ")") }
            gp = partialgroup(p)
            if (gp < 0) next                  # every group in use is whole
            if (en != "") hasenc = 1
            if (st != "") hasst = 1
            if (w[1] == "allow") {
                comp = companion(p, gp)
                pending[comp] = 1; pendline[comp] = nbuf; pendfnr[comp] = FNR; pendgroup[comp] = gp
                pendtext[comp] = sprintf("%-8s %s   # the same for group %d: ports >= %d not judged (erratum 10)",
                                         w[1], substr(comp, length(w[1]) + 2), gp, ports)
                lines = lines "    " FNR ": group " gp " by its companion: " raw "\n"
                next
            }
            nofix++
            note("cannot fix", "expect without group= covers group " gp ": a companion would be one more required symbol")
        }
        if (w[1] == "expect") ne++; else na++
        npins++; lines = lines "    " FNR ": pin: " raw "\n"
        next
    }
    g = num(g)
    if (g < 0) next
    linepin = 0; linemasked = 0
    a = (ports < 0) ? 1 : absentbits(p, g)
    out = raw
    if (st != "") {
        ns = judge(st, a, sbits(p), "status")
        if (a != 0) hasst = 1
        if (fix && ns != st) out = replace(out, "status=" st, "status=" ns)
    }
    if (en != "") {
        ae = (ports < 0) ? 1 : a * pow2(shiftof(p))
        nen = judge(en, ae, fieldbits(), "encoded")
        if (a != 0) hasenc = 1
        if (fix && nen != en) out = replace(out, "encoded=" en, "encoded=" nen)
        # encoded must carry the line's group and (where both compare) status
        splitvm(en)
        if (V >= 0 && V < pow2(fieldbits())) {
            em = (M >= 0) ? M : pow2(fieldbits()) - 1
            eg = V % pow2(gbits(p)); es = int(V / pow2(shiftof(p))) % pow2(sbits(p))
            m2 = int(em / pow2(shiftof(p))) % pow2(sbits(p))
            if (eg != g) fail("encoded " en " carries group " eg ", not " g)
            if (st != "") {
                splitvm(st)
                if (V >= 0 && band(es, m2) != band(V, m2))
                    fail("encoded " en " carries status " xhex(es) ", not " st)
            }
        }
    }
    if (fix) buf[nbuf] = out
    if (linepin) { if (w[1] == "expect") ne++; else na++; npins++; lines = lines "    " FNR ": pin: " raw "\n" }
    else if (linemasked) { nmasked++; lines = lines "    " FNR ": masked: " raw "\n" }
    next
}
w[1] == "query" && w[2] == "last_sent" {
    p = num(arg("port")); g = num(arg("group"))
    if (p < 0 || g < 0 || sbits(p) == 0 || nw < 2 || w[nw - 1] != "==") next
    val = w[nw]
    linepin = 0; linemasked = 0
    a = (ports < 0) ? 1 : absentbits(p, g)
    nv = judge(val, a, sbits(p), "last_sent")
    if (a != 0) hasq = 1
    if (fix && nv != val) buf[nbuf] = replace(raw, "== " val, "== " nv)
    if (linepin) { nq++; npins++; lines = lines "    " FNR ": pin: " raw "\n" }
    else if (linemasked) { nmasked++; lines = lines "    " FNR ": masked: " raw "\n" }
    next
}
END {
    flush()
    if (fix) exit fixerrs > 0
    printf "gen-absent-bits: %d gen records, %d cover bits of ports beyond the device: %d judged under masks (%d masked lines), %d keep policy gen_absent_bits=zero (%d of them ports=${ports}); %d failing\n",
           gens, covering, maskedrecs, maskedlines, kept, keptvar, failing
    if (check) exit failing > 0
}
