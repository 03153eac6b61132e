#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The commit riocheck is built from, for buildinfo.c (-DRC_BUILD_COMMIT):
# 40 hex digits of HEAD, "-dirty" appended when a tracked file differs from
# it (git diff HEAD: contents, not times); "unknown" when the
# source folder is not the top of a git work tree (a release tarball, even
# one unpacked inside another repository) or git is missing.
# Usage: sh harness/core/buildinfo.sh [SOURCE-FOLDER]   (default: .)
# (no optional locks: several builds may ask at once)
export GIT_OPTIONAL_LOCKS=0
cd "${1:-.}" 2>/dev/null || { echo unknown; exit 0; }
top=$(git rev-parse --show-toplevel 2>/dev/null) &&
    [ "$(cd "$top" && pwd -P)" = "$(pwd -P)" ] &&
    head=$(git rev-parse --verify -q HEAD 2>/dev/null) ||
    { echo unknown; exit 0; }
if git diff --quiet HEAD -- 2>/dev/null; then
    echo "$head"
else
    echo "$head-dirty"
fi
