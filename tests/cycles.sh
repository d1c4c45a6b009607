#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# cycles: no module cycle over the include graph and the objects' symbols
# (tests/cycles.py does the work). Usage: sh tests/cycles.sh; TAP on stdout.
top=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
exec python3 "$top/tests/cycles.py" "$top" "${top_builddir:-$top}"
