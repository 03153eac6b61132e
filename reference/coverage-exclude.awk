# SPDX-License-Identifier: Apache-2.0
# coverage-exclude.awk - remove the functions of a reviewed list from an lcov
# tracefile (lcov 1.x format), for `make coverage` (docs/coverage.md).
#
#   awk -v list=reference/coverage-excluded.tsv -f reference/coverage-exclude.awk \
#       ALL.info > REST.info
#
# The list: one entry a line, "FILE<TAB>WHAT<TAB>REASON" (FILE as
# reference/src/NAME.c, REASON one line, not empty); blank lines and lines
# starting with # are comments. WHAT is a function name, or lines:
#   N or N-M     the lines N to M: their DA and BRDA records are removed;
#                the run reaching one of them is reported, as for a function;
#   N:untaken    the branches of line N that the run did not take (a guard
#                whose other outcome the adapter never lets through): their
#                BRDA records are removed; the line itself and its taken
#                branches stay; a line whose every branch was taken is
#                reported (the entry is stale).
# A line entry that matches no DA or BRDA record of its file (past its end,
# a blank line: the lines moved) is an error, like a stale function. A function is removed whole: its FN/FNDA
# records, and the DA (line) and BRDA (branch) records from its first line
# (lcov's FN line) to the first line after it that starts with "}" in its
# source (the project's style closes every function in column 1); the
# LF/LH, BRF/BRH and FNF/FNH totals are counted again.
#
# A malformed list line, or an entry naming a function the tracefile does not
# have (renamed or removed: the list is stale), is an error ("FILE:LINE:
# what"), exit status 2. An entry whose function the run did execute is
# reported on stderr ("listed as unreachable, but reached") and still
# removed: the list is reviewed, not trusted.

function fail(msg) {
    print msg > "/dev/stderr"
    failed = 1
    exit 2
}

# the function's last line: the first line from first on that starts with "}"
function body_end(path, first,    line, n, last) {
    n = 0
    last = 0
    while ((getline line < path) > 0) {
        n++
        if (n >= first && line ~ /^}/) {
            last = n
            break
        }
    }
    close(path)
    return last
}

BEGIN {
    FS = "\t"
    if (list == "")
        fail("coverage-exclude.awk: no list given (-v list=FILE)")
    n = 0
    while ((rc = (getline line < list)) > 0) {
        n++
        if (line ~ /^[ \t]*$/ || line ~ /^#/)
            continue
        k = split(line, f, "\t")
        where = list ":" n ": "
        if (k != 3)
            fail(where "want FILE<TAB>FUNCTION-or-LINES<TAB>REASON (" k " fields)")
        if (f[1] !~ /^reference\/src\/[A-Za-z0-9_]+\.c$/)
            fail(where "'" f[1] "' is not a reference/src/NAME.c file")
        if (f[3] ~ /^[ ]*$/)
            fail(where "no reason given for " f[2])
        if (f[2] ~ /^[0-9]+(-[0-9]+)?$/ || f[2] ~ /^[0-9]+:untaken$/) {
            # a line entry
            split(f[2], q, /[-:]/)
            lo_ = q[1] + 0
            hi_ = (f[2] ~ /-/) ? q[2] + 0 : lo_
            if (lo_ < 1 || hi_ < lo_)
                fail(where "'" f[2] "' is not a line range N-M with 1 <= N <= M")
            key = f[1] SUBSEP f[2]
            if (key in lat)
                fail(where f[2] " of " f[1] " is listed twice (first at line " lat[key] ")")
            lat[key] = n
            nl++
            lfile[nl] = f[1]
            llo[nl] = lo_
            lhi[nl] = hi_
            lunt[nl] = (f[2] ~ /:untaken$/)
            lname[nl] = f[2]
            lwhere[nl] = n
            entries++
            continue
        }
        if (f[2] !~ /^[A-Za-z_][A-Za-z0-9_]*$/)
            fail(where "'" f[2] "' is not a C function name, N, N-M or N:untaken")
        key = f[1] SUBSEP f[2]
        if (key in at)
            fail(where f[2] " of " f[1] " is listed twice (first at line " at[key] ")")
        at[key] = n
        entries++
    }
    if (rc < 0)
        fail("coverage-exclude.awk: cannot read " list)
    close(list)
    FS = ":"
    nrec = 0
}

# one record (one source file) at a time: collect, then filter at its end
# (from the line after the last end_of_record: its TN: line stays)
/^SF:/ {
    sf = substr($0, 4)
    rel = sf
    sub(/.*\/reference\/src\//, "reference/src/", rel)
}
{ rec[++nrec] = $0 }
/^end_of_record$/ {
    # the ranges of this file's excluded functions
    nr = 0
    for (i = 1; i <= nrec; i++) {
        if (rec[i] !~ /^FN:/)
            continue
        split(substr(rec[i], 4), p, ",")
        key = rel SUBSEP p[2]
        if (!(key in at))
            continue
        last = body_end(sf, p[1] + 0)
        if (last == 0)
            fail(list ":" at[key] ": " p[2] " of " rel ": no closing '}' in column 1 after line " p[1] " of " sf)
        nr++
        lo[nr] = p[1] + 0
        hi[nr] = last
        gone[p[2]] = 1
        found[key] = 1
    }
    # this file's line entries
    nle = 0
    for (j = 1; j <= nl; j++)
        if (lfile[j] == rel) {
            le[++nle] = j
            lseen[j] = 1
        }
    lf = lh = brf = brh = fnf = fnh = 0
    for (i = 1; i <= nrec; i++) {
        r = rec[i]
        if (r ~ /^(LF|LH|BRF|BRH|FNF|FNH):/ || r == "end_of_record")
            continue
        if (r ~ /^FN:/) {
            split(substr(r, 4), p, ",")
            if (p[2] in gone)
                continue
            fnf++
        } else if (r ~ /^FNDA:/) {
            split(substr(r, 6), p, ",")
            if (p[2] in gone) {
                if (p[1] + 0 > 0)
                    print "coverage: " list ":" at[rel SUBSEP p[2]] ": " p[2] " of " rel \
                          " is listed as unreachable, but the run reached it (" p[1] \
                          " calls): remove it from the list" > "/dev/stderr"
                continue
            }
            if (p[1] + 0 > 0)
                fnh++
        } else if (r ~ /^(DA|BRDA):/) {
            split(substr(r, index(r, ":") + 1), p, ",")
            line = p[1] + 0
            skip = 0
            for (j = 1; j <= nr; j++)
                if (line >= lo[j] && line <= hi[j])
                    skip = 1
            if (!skip)
                for (j = 1; j <= nle; j++) {
                    x = le[j]
                    if (lunt[x]) {
                        if (r !~ /^BRDA:/ || line != llo[x])
                            continue
                        lhit[x] = 1
                        if (p[4] == "-" || p[4] + 0 == 0) {
                            ldrop[x]++
                            skip = 1
                        }
                        continue
                    }
                    if (line < llo[x] || line > lhi[x])
                        continue
                    lhit[x] = 1
                    skip = 1
                    if (r ~ /^DA:/ && p[2] + 0 > 0 && !lrep[x]) {
                        lrep[x] = 1
                        print "coverage: " list ":" lwhere[x] ": line " line " of " rel \
                              " is listed as unreachable, but the run reached it (" p[2] \
                              " times): remove it from the list" > "/dev/stderr"
                    }
                }
            if (skip)
                continue
            if (r ~ /^DA:/) {
                lf++
                if (p[2] + 0 > 0)
                    lh++
            } else {
                brf++
                if (p[4] != "-" && p[4] + 0 > 0)
                    brh++
            }
        }
        print r
    }
    print "FNF:" fnf
    print "FNH:" fnh
    if (brf > 0) {
        print "BRF:" brf
        print "BRH:" brh
    }
    print "LF:" lf
    print "LH:" lh
    for (j = 1; j <= nle; j++) {
        x = le[j]
        if (!lhit[x])
            fail(list ":" lwhere[x] ": " lname[x] " of " rel ": no line or branch record there (the lines moved? update the list)")
        if (lunt[x] && !ldrop[x])
            print "coverage: " list ":" lwhere[x] ": the run took every branch of line " llo[x] \
                  " of " rel ": remove it from the list" > "/dev/stderr"
    }
    print "end_of_record"
    split("", gone)
    nrec = 0
}

END {
    if (failed)
        exit 2
    for (j = 1; j <= nl; j++)
        if (!(j in lseen))
            fail(list ":" lwhere[j] ": " lfile[j] " has no coverage record (renamed or removed? update the list)")
    for (key in at)
        if (!(key in found)) {
            split(key, e, SUBSEP)
            fail(list ":" at[key] ": no function " e[2] " in " e[1] \
                 " (renamed or removed? update the list)")
        }
}
