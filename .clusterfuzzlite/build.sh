#!/bin/bash -eu
# SPDX-License-Identifier: Apache-2.0
# ClusterFuzzLite build step: the same script an OSS-Fuzz project would call.
exec bash "$SRC/riocheck/fuzz/oss-fuzz/build.sh"
