#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bash completion: sourced into bash, asked for completions the way bash
# asks (COMP_WORDS, COMP_CWORD, the function), COMPREPLY checked against
# the command table, the option tables, presets.conf and the devices.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v bash > /dev/null || { echo "1..0 # SKIP bash missing"; exit 0; }
plan 17
COMPL="$top_srcdir/data/bash-completion/benchtop"
export XDG_CONFIG_HOME="$TMPD/xdg"
mkdir -p "$TMPD/bin" "$TMPD/files/sub"
ln -s "$BENCHTOP" "$TMPD/bin/benchtop"
touch "$TMPD/files/a.json" "$TMPD/files/b.json" "$TMPD/files/notes.txt"

# comp WORD...: the completions of the last word, one a line, sorted.
# (bash splits "--format=md" into "--format" "=" "md": so do the callers)
comp() {
	PATH="$TMPD/bin:$PATH" bash -c '
		. "$0" || exit 1
		COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMPREPLY=()
		_benchtop benchtop
		printf "%s\n" "${COMPREPLY[@]}"' "$COMPL" benchtop "$@" |
		sed '/^$/d' | sort
}
# same LIST...: the completions equal these words.
same() { [ "$(printf '%s\n' "$@" | sort)" = "$(cat "$TMPD/got")" ] ||
	 { diag "got: $(tr '\n' ' ' < "$TMPD/got")"; false; }; }
# has WORD...: the completions include every one of these.
has() {
	for _w in "$@"; do
		grep -qxF -- "$_w" "$TMPD/got" || { diag "no '$_w' in: $(tr '\n' ' ' < "$TMPD/got")"; return 1; }
	done
}

bash -n "$COMPL" && PATH="$TMPD/bin:$PATH" bash -c '. "$0" && complete -p benchtop' "$COMPL" | grep -q '_benchtop benchtop$'
check $? "the file is bash, and sourcing it registers _benchtop for benchtop"

comp "" > "$TMPD/got"
has set bench iperf serve report compare
check $? "every subcommand: set bench iperf serve report compare"
if "$BENCHTOP" metrics --help > /dev/null 2>&1; then
	has metrics; check $? "the metrics subcommand too"
else
	skip "no metrics subcommand in this build"
fi
comp re > "$TMPD/got"; same report
check $? "'re' completes to report"

comp -- > "$TMPD/got"
same --once --interval= --delay= --json --count= --all --on-exit= \
	--snapshot= --force --replay= --readonly --no-color --help --version
check $? "every option of benchtop, = after those taking a value"
comp --on-exit = "" > "$TMPD/got"; same keep restore ask
check $? "--on-exit= offers keep restore ask"
comp -E "" > "$TMPD/got"; same keep restore ask
check $? "-E (separate word) offers the same"
comp --replay = "$TMPD/files/" > "$TMPD/got"
same "$TMPD/files/a.json" "$TMPD/files/b.json" "$TMPD/files/sub"
check $? "--replay offers .json files and folders"

comp bench "" > "$TMPD/got"
same $(awk '/^\[/ { n = substr($0, 2, length($0) - 2) } /^kind *=/ && $3 != "iperf" { print n }' "$top_srcdir/data/presets.conf")
check $? "bench: every preset name of presets.conf but the iperf ones"
comp bench seq-direct - > "$TMPD/got"; has --target= --size= --json --list
check $? "bench: its options"
comp bench seq-direct --target = "$TMPD/fil" > "$TMPD/got"; same "$TMPD/files"
check $? "bench --target=: folders"

comp report --format = "" > "$TMPD/got"; same md csv
check $? "report --format=: md csv (from its --help)"
comp compare "$TMPD/files/" > "$TMPD/got"
same "$TMPD/files/a.json" "$TMPD/files/b.json" "$TMPD/files/sub"
check $? "compare: .json files"
if "$BENCHTOP" metrics --help > /dev/null 2>&1; then
	comp metrics --web > "$TMPD/got" && same --web-config= &&
		comp metrics --web-config = "$TMPD/files/" > "$TMPD/got" &&
		has "$TMPD/files/notes.txt" "$TMPD/files/a.json" "$TMPD/files/sub"
	check $? "metrics --web-config= (not its alias) offers files"
else
	skip "no metrics subcommand in this build"
fi

comp set "" > "$TMPD/got"; same governor= min= max= irq scheduler
check $? "set: its settings"
comp set scheduler "" > "$TMPD/got"
same $(ls /sys/block | sed 's/$/=/')
check $? "set scheduler: every disk of /sys/block, with ="

# On the XU4 testbed (umockdev redirects /sys for bash too): the
# governors, frequencies and policies of its two clusters, and its IRQs.
if [ -x "$UMOCKDEV_RUN" ] || command -v "$UMOCKDEV_RUN" > /dev/null; then
	in_testbed odroid-xu4 sh -c '
		comp() { _b=$1 _c=$2; shift 2
			PATH="$_b:$PATH" bash -c ". \"\$0\" || exit 1
			COMP_WORDS=(\"\$@\"); COMP_CWORD=\$((\${#COMP_WORDS[@]} - 1))
			COMPREPLY=(); _benchtop benchtop
			printf \"%s\n\" \"\${COMPREPLY[@]}\"" "$_c" benchtop set "$@" |
			sort | tr "\n" " "; echo; }
		comp "$0" "$1" governor = ""; comp "$0" "$1" max = 19
		comp "$0" "$1" --cluster ""; comp "$0" "$1" irq 15' \
		"$TMPD/bin" "$COMPL" > "$TMPD/xu4"
	[ "$(cat "$TMPD/xu4")" = "$(printf '%s\n' 'conservative ondemand performance powersave schedutil userspace ' '1900000 ' '0 4 ' '150= 151= ')" ] ||
		{ diag "$(cat "$TMPD/xu4")"; false; }
	check $? "XU4 testbed: governors, frequencies, cpufreq policies and IRQ numbers"
else
	skip "umockdev-run missing"
fi
