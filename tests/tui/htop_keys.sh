#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# htop_keys: what an htop user reaches for, read off the screen at 80x24
# and wider: F10 quits, the key bar names the tuning, bench and session
# keys (or says how many more), --readonly and readonly = yes take the
# tuning keys away, P asks y/N naming the clusters, / filters and S sorts
# the overview and IRQ lists, a mouse click selects a row or runs a key.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 39
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
P=sys/devices/system/cpu/cpufreq
file() { cat "$(cat "$TMPD/udir")/$1"; }
bar() { screen | tail -1; }
# A server that is still shutting down can swallow a new session of the
# same name: each restart uses a fresh tmux socket.
restarts=0
restart() {
	$TMUXC kill-server > /dev/null 2>&1
	restarts=$((restarts + 1))
	TMUXC="tmux -S $TMPD/tmux-$restarts -f /dev/null"
	rm -f "$TMPD/udir"
	start "$@"
	wait_for '^(CLUSTER|DISK)' > /dev/null
}

# ---- F10 quits, as in htop ----
restart 80 24 "'$BENCHTOP' -d 0.5"
keys F10
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "F10 quits with status 0"

# ---- the key bar: tuning, bench and session keys, or a count of more ----
restart 80 24 "$(bed_cmd odroid-xu4 '-d 0.5')"
wait_for '^big Cortex-A15' > /dev/null
bar > "$TMPD/bar"
grep -q '^h Help  i IRQs  d USB  b Bench  g Governor  f Freq  +[0-9]* more: h  *q Quit *$' "$TMPD/bar"
st=$?
[ $st = 0 ] || diag "the bar at 80x24: $(cat "$TMPD/bar")"
check $st "80x24: the bar shows b Bench, g Governor, f Freq, a '+N more: h' cue and q Quit"
n=$(sed 's/.*+\([0-9]*\) more.*/\1/' "$TMPD/bar")
resize 200 50
wait_for 'r Results' > /dev/null
bar > "$TMPD/bar"
for w in 'b Bench' 'g Governor' 'f Freq' 'P All perf' 'p Pin IRQ' 's Sched' \
	'u Undo' 'J Journal' 'w Save' 'r Results' 'q Quit'; do
	grep -qF "$w" "$TMPD/bar" || echo "$w" >> "$TMPD/nobar"
done
[ ! -s "$TMPD/nobar" ] && ! grep -q 'more' "$TMPD/bar"
st=$?
[ $st = 0 ] || diag "200 columns: missing $(cat "$TMPD/nobar" 2> /dev/null | tr '\n' ,)" "$(cat "$TMPD/bar")"
check $st "200x50: every tuning, bench and session word, no 'more' cue"
words=$(($(grep -o '  ' "$TMPD/bar" | wc -l) + 1))
[ "$n" -ge 5 ] && [ "$words" -eq "$((n + 7))" ]
check $? "the cue's count ($n) is the $words words less the 7 shown at 80 columns"

# ---- P: a y/N question naming the clusters and the governor ----
keys j P
wait_for 'Set the performance governor on all 2 clusters at once\?' &&
	screen | grep -q 'CPUs 0-3 (ondemand), CPUs 4-7 (ondemand)' &&
	screen | grep -q '(y/N)'
check $? "P asks first, naming CPUs 0-3 and CPUs 4-7 and their governors"
[ "$(file $P/policy0/scaling_governor) $(file $P/policy4/scaling_governor)" = "ondemand ondemand" ]
check $? "nothing is written while the question is open"
keys Enter
wait_for 'no change: every governor stays as it was' &&
	[ "$(file $P/policy0/scaling_governor) $(file $P/policy4/scaling_governor)" = "ondemand ondemand" ]
check $? "Enter (the N default) changes nothing and says so"
keys P y
wait_for 'performance governor on all 2 clusters' &&
	[ "$(file $P/policy0/scaling_governor) $(file $P/policy4/scaling_governor)" = "performance performance" ]
check $? "P y sets both clusters to performance"
keys u
wait_status 'undo: .*governor performance -> ondemand.* \(and 1 more changes of that action\)' &&
	[ "$(file $P/policy0/scaling_governor) $(file $P/policy4/scaling_governor)" = "ondemand ondemand" ]
check $? "one u takes P back as a whole: both clusters on ondemand again"
keys u
wait_status 'nothing to undo'
check $? "a second u: nothing to undo"
keys P y
wait_for 'performance governor on all 2 clusters' > /dev/null
keys R
wait_for 'restored' > /dev/null

# ---- --readonly: no tuning keys even as root ----
restart 80 24 "$(bed_cmd odroid-xu4 '-d 0.5 --readonly')"
wait_for 'read-only: started with --readonly'
check $? "--readonly says so on the status line at start"
keys j g
wait_for 'read-only: started with --readonly' &&
	! screen | grep -q 'Governor for' &&
	[ "$(file $P/policy4/scaling_governor)" = ondemand ]
check $? "g under --readonly opens nothing and says read-only: started with --readonly"
keys P
wait_for 'read-only: started with --readonly' &&
	! screen | grep -q 'Set the performance' &&
	[ "$(file $P/policy0/scaling_governor)" = ondemand ]
check $? "P under --readonly: the same sentence, nothing asked or written"
resize 200 50
keys C-l
sleep 1
bar > "$TMPD/bar"
! grep -Eq 'g Governor|f Freq|P All perf|p Pin|s Sched|u Undo' "$TMPD/bar" &&
	grep -q 'b Bench' "$TMPD/bar" && grep -q 'J Journal' "$TMPD/bar"
st=$?
[ $st = 0 ] || diag "the bar: $(cat "$TMPD/bar")"
check $st "--readonly: the tuning words leave the bar (b Bench and J Journal stay)"
resize 100 30
sleep 1
bar > "$TMPD/bar"
grep -q 'more: h  *q Quit read-only: started with --readonly *$' "$TMPD/bar"
st=$?
[ $st = 0 ] || diag "the bar: $(cat "$TMPD/bar")"
check $st "100 columns: the bar leaves room for 'read-only: started with --readonly' after q Quit"
resize 200 50
keys h
wait_for 'Keys \(F-keys' > /dev/null
screen > "$TMPD/help"
! grep -Eq '^ (g|f|P|p|s|u|R) +.*\(root\)' "$TMPD/help" &&
	grep -q '^ b F2 ' "$TMPD/help" && grep -q '^ J F4 ' "$TMPD/help"
st=$?
[ $st = 0 ] || diag "help: $(cat "$TMPD/help")"
check $st "--readonly: no tuning key on the help screen (b and J are there)"
keys q
wait_exit 10
mkdir -p "$XDG_CONFIG_HOME/benchtop"
echo "readonly = yes" > "$XDG_CONFIG_HOME/benchtop/config"
restart 80 24 "$(bed_cmd odroid-xu4 '-d 0.5')"
keys j f
wait_for 'read-only: readonly = yes in the config file' &&
	! screen | grep -q 'Frequency limit'
check $? "readonly = yes in the config: f says so and opens nothing"
rm "$XDG_CONFIG_HOME/benchtop/config"

# ---- the mouse: a click selects a row, a click on the bar runs its key ----
# ncurses reads the xterm X10 report (ESC [ M button col+33 row+33) that
# the tmux-256color and screen entries name as kmous; SGR (ESC [ <) reports
# are read only under a terminal entry whose kmous says so, which tmux's
# does not, so the test sends X10 reports.
# A press then a release, as a terminal sends them (ncurses takes a press
# with no release between as a drag).
click() {
	_xy="$(printf '%b%b' "\\$(printf %03o $(($1 + 33)))" \
		"\\$(printf %03o $(($2 + 33)))")"
	keys -l "$(printf '\033[M %s\033[M#%s' "$_xy" "$_xy")"
}
# line PATTERN: the 0-based screen line that matches, column WORD: the
# 0-based column of WORD on the last line.
line() { screen | grep -n -m1 -E -- "$1" | cut -d: -f1 | awk '{ print $1 - 1 }'; }
column() { bar | awk -v w="$1" '{ print index($0, w) - 1 }'; }
restart 80 24 "$(bed_cmd odroid-xu4 '-d 0.5')"
wait_for '^eth0 ' > /dev/null
click 3 "$(line '^eth0 ')"
keys p
wait_for 'Pin IRQ 151 to'
check $? "a click on eth0's row selects it: p offers to pin IRQ 151, its xHCI"
keys Escape
sleep 0.5
click "$(column 'i IRQs')" 23
wait_for '^IRQ +TOTAL/s'
check $? "a click on 'i IRQs' of the key bar opens the IRQ screen"
wait_for '^154 ' > /dev/null
click 1 "$(line '^154 ')"
wait_for '^154: exynos4210_wkup_irq_chip +4 Edge +extcon_usb3_1'
check $? "a click on IRQ 154's row selects it (its name spelled out below)"
click "$(column 'h Help')" 23
wait_for 'Keys \(F-keys'
check $? "a click on 'h Help' opens the help screen"
keys q
wait_exit 10
# SGR (1006) reports, as xterm, foot, kitty and tmux itself send them:
# read under xterm-1006 (ncurses-term), whose kmous names them.
if infocmp xterm-1006 > /dev/null 2>&1; then
	restart 80 24 "TERM=xterm-1006 $(bed_cmd odroid-xu4 '-d 0.5')"
	wait_for '^sda ' > /dev/null
	y=$(($(line '^sda ') + 1))
	keys -l "$(printf '\033[<0;3;%dM\033[<0;3;%dm' $y $y)"
	keys s
	wait_for 'I/O scheduler for sda'
	check $? "an SGR click on sda's row selects it: s offers sda's schedulers"
	keys Escape
	sleep 0.5
	x=$(($(column 'd USB') + 1))
	keys -l "$(printf '\033[<0;%d;24M\033[<0;%d;24m' $x $x)"
	wait_for '4-1 .*ASMedia'
	check $? "an SGR click on 'd USB' of the key bar opens the USB screen"
	keys q
	wait_exit 10
else
	skip "SGR mouse reports: no xterm-1006 terminfo entry (ncurses-term)"
	skip "SGR mouse reports on the key bar"
fi

# ---- / filters and S sorts, fed at known rates ----
# IRQ 151 at 8000/s, IRQ 150 at 2000/s, sda reads 1 MB/s, eth0 2 MB/s.
restart 80 24 "$(bed_cmd odroid-xu4 '-d 0.5')"
u=$(cat "$TMPD/udir")
(for i in $(seq 1 150); do
	sleep 0.4
	awk -v n="$i" '/^151:/ { $2 = 7406300 + 3200 * n }
		/^150:/ { $2 = 1000 + 800 * n } { print }' \
		"$u/proc/interrupts" > "$u/proc/interrupts.new" &&
		mv "$u/proc/interrupts.new" "$u/proc/interrupts"
	awk -v n="$i" '$3 == "sda" { $6 = 37537568 + 800 * n } { print }' \
		"$u/proc/diskstats" > "$u/proc/diskstats.new" &&
		mv "$u/proc/diskstats.new" "$u/proc/diskstats"
	awk -v n="$i" '$1 == "eth0:" { $2 = 1030969582 + 800000 * n } { print }' \
		"$u/proc/net/dev" > "$u/proc/net/dev.new" &&
		mv "$u/proc/net/dev.new" "$u/proc/net/dev"
done) &
feeder=$!
trap 'kill $feeder 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
# The order of the rows of a section: its first words after its title.
section() { screen | awk -v t="$1" '$1 == t { on = 1; next } on && /^[A-Z]+ / { exit } on && NF { printf "%s ", $1 }'; }
irqs() { screen | awk '/^IRQ +TOTAL/ { on = 1; next } on && $1 ~ /^[0-9]+$/ { printf "%s ", $1 }'; }
wait_for '^sda +1(\.0)? MB/s' > /dev/null

keys /
wait_for 'filter: _'
keys e t h
wait_for 'filter: eth_ +\(Enter keeps, Esc clears\)' &&
	[ "$(section NET)" = "eth0 " ] && ! screen | grep -Eq '^(lo|sda|mmcblk0) '
check $? "overview: / e t h narrows as typed to eth0 (no lo, no disks), the line says filter: eth_"
keys Enter
wait_for 'filter: eth \(Esc clears\)' && [ "$(section NET)" = "eth0 " ]
check $? "Enter keeps the filter and the key bar shows it"
keys Escape
wait_for '^mmcblk0 ' && [ "$(section NET)" = "lo eth0 " ] && ! screen | grep -q 'filter:'
check $? "Esc clears it: every row is back"
keys / z q x Enter
wait_for "no disk, interface or IRQ matches 'zqx' \(Esc clears the filter\)"
check $? "a filter that leaves nothing says so"
keys Escape

wait_for '^DISK .* sort: kernel order$' && [ "$(section DISK)" = "mmcblk0 sda " ] && [ "$(section NET)" = "lo eth0 " ]
check $? "overview: the disk title says sort: kernel order (mmcblk0 sda, lo eth0)"
keys S
wait_for 'sort: rate' && sleep 1 && [ "$(section DISK)" = "sda mmcblk0 " ] && [ "$(section NET)" = "eth0 lo " ]
check $? "S: sort: rate, busiest first (sda before mmcblk0, eth0 before lo)"
keys S
wait_for 'sort: name' && [ "$(section DISK)" = "mmcblk0 sda " ] && [ "$(section NET)" = "eth0 lo " ]
check $? "S again: sort: name (mmcblk0 sda, eth0 lo)"

keys i
wait_for '^IRQ +TOTAL/s.* sort: number' && [ "$(irqs)" = "80 150 151 152 153 154 " ]
check $? "IRQ screen: sort: number in its title, 80 150 151 152 153 154"
keys S
wait_for 'sort: rate' && sleep 1 && [ "$(irqs | cut -d' ' -f1-2)" = "151 150" ]
check $? "S: sort: rate, 151 (8k/s) above 150 (2k/s)"
keys S
wait_for 'sort: name' && [ "$(irqs)" = "80 152 153 154 150 151 " ]
check $? "S: sort: name by action (ehci_hcd, extcon_usb3_*, xhci-hcd:usb3, :usb5)"
keys S / u s b
wait_for 'filter: usb_' && [ "$(irqs)" = "80 150 151 152 153 154 " ]
keys 5
wait_for 'filter: usb5_' && [ "$(irqs)" = "151 " ]
check $? "IRQ screen: / u s b 5 leaves IRQ 151 only"
keys BSpace 3
wait_for 'filter: usb3_' && [ "$(irqs)" = "150 152 153 154 " ]
check $? "Backspace 3: usb3 matches 150 and the extcon_usb3 lines"
keys Enter j p
wait_for 'Pin IRQ 152 to'
check $? "p pins the selected row of the filtered list (152, the second)"
keys Escape / x
wait_for "no IRQ matches 'usb3x' \(Esc clears the filter\)"
check $? "no match on the IRQ screen says so"
keys Escape
wait_for '^80 ' && [ "$(irqs)" = "80 150 151 152 153 154 " ] && ! screen | grep -q 'filter:'
check $? "Esc while typing clears the filter, and the IRQ screen stays"
keys Escape
wait_for '^CLUSTER'
check $? "the next Esc goes back to the overview"
