#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run every benchtop test: the Check unit tests and the integration tests
# (umockdev testbeds, the live machine) under AddressSanitizer and
# UndefinedBehaviorSanitizer, then every libFuzzer target for a bounded time.
# Ends with one line "N passed, N failed, N skipped".
# Usage: sh tests/run-all.sh [--under-load]
# --under-load runs the tests with the machine kept busy beside them
# (tests/load.sh: twice as many CPU spinners as cores and a dd writing and
# reading a file in a loop; not during the builds or the fuzzing, which
# have nothing to time), so a test that counts on an idle machine fails
# here first. Idle, the fuzzing runs at nice 19 beside the tests that
# run one at a time (the rigs); under load, after the tests.
# Environment: FUZZ_SECONDS (default 15 per target), JOBS (default nproc:
# the make jobs, and the fuzz targets run at once; the tests that may run
# side by side run one more at once: they mostly wait on a screen, a
# guest's console or a server, and the two cores were 55 % busy under
# two of them, run 14).
set -u
under_load=no
case ${1:-} in
--under-load) under_load=yes ;;
"") ;;
*) echo "usage: sh tests/run-all.sh [--under-load]" >&2; exit 2 ;;
esac
srcdir=$(cd "$(dirname "$0")/.." && pwd)
out=$srcdir/build-test
jobs=${JOBS:-$(nproc 2> /dev/null || echo 2)}
fuzz_secs=${FUZZ_SECONDS:-15}
passed=0 failed=0 skipped=0

say() { echo "run-all: $*"; }

if [ -f "$srcdir/config.status" ]; then
	say "the source folder was configured in place; run 'make distclean' there first (builds go in build/ and build-test/)." >&2
	exit 2
fi
if [ "$(id -u)" -eq 0 ]; then
	sh "$srcdir/tools/install-deps.sh" || exit 2
fi
[ -x "$srcdir/configure" ] || (cd "$srcdir" && ./bootstrap > bootstrap.log 2>&1) || { cat "$srcdir/bootstrap.log"; exit 2; }

# count LOG: add the automake harness's totals in LOG to the sums.
count() {
	p=$(sed -n 's/^# PASS: *//p' "$1" | head -1)
	xf=$(sed -n 's/^# XFAIL: *//p' "$1" | head -1)
	s=$(sed -n 's/^# SKIP: *//p' "$1" | head -1)
	f=$(sed -n 's/^# FAIL: *//p' "$1" | head -1)
	xp=$(sed -n 's/^# XPASS: *//p' "$1" | head -1)
	e=$(sed -n 's/^# ERROR: *//p' "$1" | head -1)
	passed=$((passed + ${p:-0} + ${xf:-0}))
	skipped=$((skipped + ${s:-0}))
	failed=$((failed + ${f:-0} + ${xp:-0} + ${e:-0}))
}

# The load (tests/load.sh) is up while tests run, not while the builds
# do; the exit trap ends it whatever happens.
. "$srcdir/tests/load.sh"
trap 'load_down' EXIT
trap 'load_down; [ -z "$fuzz_pid" ] || pkill -TERM -P "$fuzz_pid"; exit 130' INT TERM HUP
# loaded CMD...: CMD, with the load beside it under --under-load (in
# this shell, not a subshell, so that the trap knows what to end).
loaded() {
	[ "$under_load" = yes ] && load_up "$out" > /dev/null &&
		say "under load: $load_n CPU spinners and a dd loop beside the tests"
	"$@"; _st=$?
	load_down
	return $_st
}

# fuzz_start: build the libFuzzer targets (clang) in $out/fuzz and run
# each for $fuzz_secs s, in the background at nice 19 (its TAP in
# fuzz.tap, a failed build in fuzz.failed); fuzz_report waits for it and
# counts. Without clang: one skip.
fuzz_pid=""
fuzz_start() {
	command -v clang > /dev/null 2>&1 || return 0
	say "fuzzing each parser for $fuzz_secs s in $out/fuzz (at nice 19)"
	mkdir -p "$out/fuzz"
	rm -f "$out/fuzz/fuzz.tap" "$out/fuzz/fuzz.failed"
	nice -n 19 sh -c 'cd "$1" || exit 1
		if "$2/configure" -q CC=clang --enable-fuzzing > configure.log 2>&1 &&
		    make -s -j"$3" fuzz > make.log 2>&1; then
			sh "$2/tests/fuzz/run.sh" "$1" "$4" "$3" > fuzz.tap
		else
			: > fuzz.failed
		fi' sh "$out/fuzz" "$srcdir" "$jobs" "$fuzz_secs" &
	fuzz_pid=$!
}
fuzz_report() {
	if ! command -v clang > /dev/null 2>&1; then
		say "clang is missing: fuzz targets not run"; skipped=$((skipped + 1))
		return
	fi
	[ -z "$fuzz_pid" ] || wait "$fuzz_pid"; fuzz_pid=""
	if [ -f "$out/fuzz/fuzz.failed" ] || [ ! -s "$out/fuzz/fuzz.tap" ]; then
		tail -n 30 "$out/fuzz/make.log" "$out/fuzz/configure.log" 2> /dev/null
		say "the fuzzing build failed"; failed=$((failed + 1))
		return
	fi
	cat "$out/fuzz/fuzz.tap"
	passed=$((passed + $(grep -c '^ok ' "$out/fuzz/fuzz.tap")))
	failed=$((failed + $(grep -c '^not ok ' "$out/fuzz/fuzz.tap")))
}

say "unit and integration tests with ASan+UBSan in $out/asan"
mkdir -p "$out/asan"
(cd "$out/asan" && "$srcdir/configure" -q --enable-asan --enable-werror \
	> configure.log 2>&1 && make -s -j"$jobs" > make.log 2>&1) || {
	cat "$out/asan/configure.log" "$out/asan/make.log" 2> /dev/null | tail -40
	say "the ASan build failed"; echo "0 passed, 1 failed"; exit 1; }
# The check in its two parts (tests/serial.mk): the tests that may run
# side by side, JOBS at a time, then those that must run one at a time
# after them (the known-rate rigs, the irqbalance tests), which mostly
# wait on their throttles. Idle, the fuzzing starts there, at nice 19,
# on what the rigs leave of the CPUs: a waking rig pass (nice -10) or
# benchtop (0) takes a CPU from it at once. Under load it runs after the
# check as before (beside the spinners it would get next to no CPU in
# its fixed time).
checks() {
	make -C "$out/asan" --no-print-directory -s -j"$((jobs + 1))" check-parallel \
		> "$out/asan/check-parallel.log" 2>&1
	[ "$under_load" = yes ] || fuzz_start
	make -C "$out/asan" --no-print-directory -s check-serial \
		> "$out/asan/check-serial.log" 2>&1
}
# What the tests leave in the source tree (build-test/ aside): nothing. A
# test that writes beside its sources, which a read-only tree (distcheck,
# a package build) would refuse, is named here.
tree() {
	git -C "$srcdir" status --porcelain --ignored --untracked-files=all \
		-- . ':(exclude)build-test' 2> /dev/null
}
intree=no
git -C "$srcdir" rev-parse --is-inside-work-tree > /dev/null 2>&1 && intree=yes
[ "$intree" = no ] || tree > "$out/tree.before"
loaded checks
if [ "$intree" = no ]; then
	say "not a git clone: whether the tests left the source tree as it was is not checked"
	skipped=$((skipped + 1))
elif tree | diff "$out/tree.before" - > "$out/tree.diff"; then
	say "the tests left the source tree as they found it"
	passed=$((passed + 1))
else
	say "the tests changed the source tree (git status, before and after):"
	sed -n 's/^< /  before: /p; s/^> /  after:  /p' "$out/tree.diff" |
		head -20 | tr -c '[:print:]\n' '?'
	failed=$((failed + 1))
fi
for part in parallel serial; do
	log=$out/asan/check-$part.log
	grep -E '^(FAIL|ERROR|XPASS|SKIP):' "$log" | head -50
	if [ -f "$out/asan/tests/$part-suite.log" ]; then
		count "$out/asan/tests/$part-suite.log"
		grep -E '^# (TOTAL|PASS|SKIP|FAIL|ERROR):' "$out/asan/tests/$part-suite.log"
	else
		tail -40 "$log"; say "the $part tests did not run"
		failed=$((failed + 1))
	fi
done

# Valgrind cannot run an ASan binary: memcheck runs in a plain build.
if command -v valgrind > /dev/null 2>&1; then
	say "valgrind memcheck of the live screen and --once in $out/plain"
	mkdir -p "$out/plain"
	if (cd "$out/plain" && "$srcdir/configure" -q --enable-werror \
		> configure.log 2>&1 && make -s -j"$jobs" > make.log 2>&1); then
		loaded make -C "$out/plain" --no-print-directory -s check \
			TESTS=tests/tui/valgrind.sh > "$out/plain/check.log" 2>&1
		grep -E '^(FAIL|ERROR|SKIP):' "$out/plain/check.log"
		if [ -f "$out/plain/test-suite.log" ]; then
			count "$out/plain/test-suite.log"
		else	# the check's build failed: no test ran
			tail -n 30 "$out/plain/check.log"
			say "the memcheck did not run"; failed=$((failed + 1))
		fi
	else
		tail -n 30 "$out/plain/make.log" "$out/plain/configure.log"
		say "the plain build failed"; failed=$((failed + 1))
	fi
else
	say "valgrind is missing: memcheck not run"; skipped=$((skipped + 1))
fi

[ "$under_load" = yes ] && fuzz_start
fuzz_report

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
