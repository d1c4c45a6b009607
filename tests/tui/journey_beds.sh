# SPDX-License-Identifier: GPL-2.0-or-later
# journey_beds.sh: the testbeds the journeys (tests/tui/journey_*.sh) run
# on, and what a person reads on each - one case per bed, sourced after
# tests/tui/lib.sh. JOURNEY_BEDS narrows the list (JOURNEY_BEDS=rk3399);
# each journey runs on the beds of it whose J_RUNS name it (journey_beds).
: "${JOURNEY_BEDS:=odroid-xu4 odroid-hc1-480m rk3399 x86-vm collectors-rpi4
	odroid-hc1-480m-5.4 exynos5250}"

# The languages a journey that names them runs in (JOURNEY_LANGS=en
# narrows it), each with the words of its catalogue (po/de.po).
: "${JOURNEY_LANGS:=en de}"

# journey_lang LANG: the command-line prefix that runs the program in LANG
# (a catalogue compiled into $TMPD/locale once), "" for English; 1 when
# LANG cannot be had here (no msgfmt).
journey_lang() {
	J_LANG=$1
	[ "$1" = en ] && { J_LANG_CMD=""; return 0; }
	command -v msgfmt > /dev/null || return 1
	if [ ! -f "$TMPD/locale/$1/LC_MESSAGES/benchtop.mo" ]; then
		mkdir -p "$TMPD/locale/$1/LC_MESSAGES"
		msgfmt -o "$TMPD/locale/$1/LC_MESSAGES/benchtop.mo" \
			"$top_srcdir/po/$1.po" || return 1
	fi
	J_LANG_CMD="export BENCHTOP_LOCALEDIR='$TMPD/locale' LANGUAGE=$1;"
}

# T TEXT: TEXT (a pattern or a literal a journey reads) in $J_LANG's words:
# the catalogue's msgstr for each phrase of the screens it reads.
T() {
	if [ "${J_LANG:-en}" != de ]; then
		printf '%s\n' "$1"
		return
	fi
	printf '%s\n' "$1" | sed -e 's/^\^CHAIN /^KETTE /' \
		-e 's/p pins its IRQ, Esc back/p bindet ihren IRQ, Esc zurück/' \
		-e 's/  read /  Lesen /' -e 's/  write /  Schreiben /' \
		-e 's/  on CPU/  auf CPU/' -e 's/(affinity /(Affinität /' \
		-e 's/: affinity /: Affinität /' \
		-e 's/host controller/Host-Controller/' \
		-e 's/UAS-capable but running usb-storage/kann UAS, läuft aber mit usb-storage/' \
		-e 's/(quirk /(Quirk /' \
		-e 's/SuperSpeed device negotiated at 480M/SuperSpeed-Gerät nur mit 480M verbunden/' \
		-e 's/SuperSpeed device negotiated/SuperSpeed-Gerät nur mit/' \
		-e 's/^Pin IRQ \([0-9]*\) to$/IRQ \1 binden an/' \
		-e 's/big cores/big-Kerne/' \
		-e 's/keep them or restore/behalten \\(k\\) oder Originale/' \
		-e 's/^\^DISK /^LAUFWERK /' -e 's/Governor for /Governor für /' \
		-e 's/(now /(jetzt /' -e 's/: governor /: Governor /' \
		-e 's/: maximum kHz /: Höchstfrequenz \\(kHz\\) /' \
		-e 's/: minimum kHz /: Mindestfrequenz \\(kHz\\) /' \
		-e 's/maximum \(\\\{0,1\}\)(jetzt/Maximum \1(jetzt/' \
		-e 's/minimum \(\\\{0,1\}\)(jetzt/Minimum \1(jetzt/' \
		-e 's/, read back /, zurückgelesen /' -e 's/^undo: /rückgängig: /' \
		-e 's/Frequency limit of \(.*\) to change/Welche Frequenzgrenze von \1 ändern/' \
		-e 's/cpufreq not exposed by this kernel/dieser Kernel stellt cpufreq nicht bereit/' \
		-e 's/: no governor or frequency limit to set/: kein Governor, keine Frequenzgrenze$/' \
		-e 's/no cluster has cpufreq/kein Cluster hat cpufreq/' \
		-e 's/: which folder/: welches Verzeichnis/' \
		-e 's/^\^size \([0-9]* MiB  \\\{0,1\}(\)s changes it/^Größe \1s ändert sie/' \
		-e 's/^\^size \\\{0,1\}(such as /^Größe \\(etwa /' \
		-e 's/^\^size 16 MiB$/^Größe 16 MiB/' \
		-e 's/^\^  size /^  Größe /' \
		-e 's/^\^BENCH \([a-z-]*\) done: /^BENCH \1 fertig: /' \
		-e 's/: which iperf3 server/: welcher iperf3-Server/' \
		-e 's/^\^#\([0-9]\) \([a-z-]*\) on /^#\1 \2 auf /' -e 's/^ on $/ auf /' \
		-e 's/^\^Conditions: kernel /^Bedingungen: Kernel /' \
		-e 's/^\^  server /^  Server /' -e 's/^\^  target $/^  Ziel /' \
		-e 's/no cluster was seen throttled/bei keinem Cluster wurde Drosselung beobachtet/' \
		-e 's/a cluster was throttled during the run/ein Cluster wurde während des Laufs gedrosselt/' \
		-e 's/\.\*write \[/.*Schreiben [/' -e 's/\.\*read \[/.*Lesen [/' \
		-e 's/^\^ write +/^ Schreiben +/' \
		-e 's/: sender \[/: Sender [/' -e 's/ +receiver \[/ +Empfänger [/' \
		-e 's/ +sender \[/ +Sender [/' \
		-e 's/^\^ sender +/^ Sender +/' -e 's/^\^ receiver +/^ Empfänger +/' \
		-e 's/^snapshot saved to /Snapshot gespeichert in /' \
		-e 's/ +paused $/ +pausiert /' -e 's/^\^IRQ +TOTAL\/s/^IRQ +SUMME\/s/'
}

# The sizes a journey that names them runs at (JOURNEY_SIZES=80x24
# narrows it): the 80x24 of an SSH session, and 200x50, where the screens
# have room for every column and whole names.
: "${JOURNEY_SIZES:=80x24 200x50}"

# journey_langs JOURNEY: the languages of $JOURNEY_LANGS that can be had
# here (journey_lang), each with every bed JOURNEY runs on (journey_beds),
# "LANG:BED" a word.
journey_langs() {
	for _l in $JOURNEY_LANGS; do
		journey_lang "$_l" || continue
		for _b in $(journey_beds "$1"); do
			printf "%s:%s " "$_l" "$_b"
		done
	done
}

# journey_runs JOURNEY: journey_langs at each size of $JOURNEY_SIZES,
# "LANG:BED:COLSxROWS" a word.
journey_runs() {
	for _r in $(journey_langs "$1"); do
		for _s in $JOURNEY_SIZES; do
			printf "%s:%s " "$_r" "$_s"
		done
	done
}

# journey_run LANG:BED:SIZE: journey_lang and journey_bed for it, J_COLS
# and J_ROWS its size, J_WHAT the words a check names it by ("rk3399
# (de) 200x50").
journey_run() {
	_r=$1 _s=${1##*:}
	journey_lang "${_r%%:*}"
	_r=${_r#*:}
	journey_bed "${_r%%:*}"
	J_COLS=${_s%x*} J_ROWS=${_s#*x}
	J_WHAT=$J_BED
	[ "$J_LANG" = en ] || J_WHAT="$J_WHAT ($J_LANG)"
	J_WHAT="$J_WHAT $_s"
}

# journey_beds JOURNEY: the beds of $JOURNEY_BEDS that JOURNEY runs on.
journey_beds() {
	for _b in $JOURNEY_BEDS; do
		journey_bed "$_b" || continue
		case " $J_RUNS " in *" $1 "*) printf "%s " "$_b" ;; esac
	done
}

# journey_bed BED: set the J_ variables for BED.
#  J_RUNS           the journeys that run on it (watch chain tune bench replay)
#  J_DISK J_NIC     the disk and interface the watch journey reads
#  J_CHAIN          the device the chain journey follows, J_KIND disk|net
#  J_HOPS           the chain's lines after the device's (grep -E, one a line)
#  J_NOHOP          a line the chain must not show (grep -E), "" for none
#  J_IRQ J_ACTION   the IRQ the chain pins, its action
#  J_CPU0 J_AFF0    the CPU that takes it and its affinity at the start
#  J_OFFER J_PICK   the pin dialog's words and the keys that choose them
#  J_PINTO J_CPU1   the affinity that gives and the CPU that takes it then
#  J_LITTLE J_ROW   the other cluster's whole row ("" for one cluster: the
#                   DISK header follows the tuned row); the tuned one's start
#  J_GO             the keys from the top row to the tuned one ("j")
#  J_POLICY J_GOV0  the tuned cluster's cpufreq folder under
#                   /sys/devices/system/cpu and its governor
#  J_GOVS           governors its g list must show (besides performance)
#  J_CORES          without cpufreq: the cluster row a person reads, or ""
#  J_EXTRA          the overlay the tuning journeys add (odroid-xu4-tune)
#  J_LIM0           its limits in MHz ("200-2000"); J_MAX J_MIN the new
#                   limits as typed:kHz:MHz; "" for J_ROW: no cpufreq
journey_bed() {
	J_BED=$1 J_NIC=eth0 J_KIND=disk J_PICK=Enter J_IRQ=""
	J_RUNS="watch chain tune bench replay"
	J_ROW="" J_LITTLE="" J_EXTRA="" J_NOHOP="" J_GO=j J_GOVS=schedutil
	J_CORES=""
	case $1 in
	odroid-xu4 | odroid-hc1-480m | odroid-hc1-480m-5.4)
		J_DISK=sda J_CHAIN=sda J_IRQ=150 J_ACTION=xhci-hcd:usb3
		J_OFFER='big cores (4-7)' J_PINTO=4-7 J_CPU1=4
		J_ROW='^big Cortex-A15 +4-7 +' J_POLICY=cpufreq/policy4
		J_LITTLE='^little Cortex-A7 +0-3 +ondemand +1400 MHz +200-1400 '
		J_GOV0=ondemand J_LIM0=200-2000
		J_MAX=1.4GHz:1400000:1400 J_MIN=500MHz:500000:500
		;;
	rk3399)
		J_DISK=mmcblk1 J_CHAIN=eth0 J_KIND=net J_IRQ=71 J_ACTION=eth0
		J_HOPS='^  -> host controller fe300000\.ethernet$'
		J_CPU0=3 J_AFF0=3
		J_OFFER='big cores (4-5)' J_PINTO=4-5 J_CPU1=4
		J_ROW='^big Cortex-A72 +4-5 +' J_POLICY=cpufreq/policy4
		J_LITTLE='^little Cortex-A53 +0-3 +schedutil +408 MHz +408-1008 '
		J_GOV0=schedutil J_LIM0=408-1500
		J_MAX=1.2GHz:1200000:1200 J_MIN=600MHz:600000:600
		;;
	x86-vm)
		J_DISK=vda J_CHAIN=vda J_IRQ=36 J_ACTION=virtio1-req.0
		J_HOPS='^  -> host controller 0000:00:02\.0$'
		J_CPU0=0 J_AFF0=0-1
		J_OFFER='CPU 1' J_PICK='j Enter' J_PINTO=1 J_CPU1=1
		;;
	collectors-rpi4)
		J_DISK=mmcblk0 J_CHAIN=eth0 J_KIND=net J_IRQ=31 J_ACTION=eth0
		# GENET's two lines: 31 is pinned, 32 (on CPU 1) stays
		J_HOPS='^  -> host controller fd580000\.ethernet$
^  -> IRQ 32 eth0  0/s  on CPU 1 \(affinity 0-3\)$'
		J_CORES='^Cortex-A72 +0-3 +- '
		J_CPU0=0 J_AFF0=0-3
		J_OFFER='CPU 1' J_PICK='j Enter' J_PINTO=1 J_CPU1=1
		J_RUNS="watch chain tune replay"
		;;
	exynos5250)
		# 3.x: one cluster, cpu1/cpufreq a link to cpu0's; no role
		J_ROW='^Cortex-A15 +0-1 +' J_GO="" J_POLICY=cpu0/cpufreq
		J_GOV0=ondemand J_LIM0=200-1700 J_GOVS=interactive
		J_MAX=1.4GHz:1400000:1400 J_MIN=500MHz:500000:500
		J_RUNS="tune replay"
		;;
	*)
		return 1 ;;
	esac
	case $1 in
	odroid-xu4)
		J_HOPS='^  -> USB 4-1  ASMedia ASM1051E/ASM1053E/ASM1153E uas 5000M$
^  -> host controller xhci-hcd\.2\.auto$'
		J_CPU0=2 J_AFF0=2 J_EXTRA=odroid-xu4-tune ;;
	odroid-hc1-480m)
		J_HOPS='^  -> USB 3-1  ASMedia ASM1051E/ASM1053E/ASM1153E usb-storage 480M$
^       ! UAS-capable but running usb-storage \(quirk u: IGNORE_UAS\)$
^       ! SuperSpeed device negotiated at 480M$
^  -> host controller xhci-hcd\.2\.auto$'
		J_CPU0=0 J_AFF0=0-7 ;;
	odroid-hc1-480m-5.4)
		# before Linux 6.7 no BOS in sysfs: nothing says it could do 5000M
		J_HOPS='^  -> USB 3-1  ASMedia ASM1051E/ASM1053E/ASM1153E usb-storage 480M$
^       ! UAS-capable but running usb-storage \(quirk u: IGNORE_UAS\)$
^  -> host controller xhci-hcd\.2\.auto$'
		J_NOHOP='SuperSpeed device negotiated'
		J_RUNS="watch chain"
		J_CPU0=0 J_AFF0=0-7 ;;
	esac
}

# journey_click COL LINE: the X10 mouse report of a press and a release
# (0-based), as a terminal sends them (see scenarios/htop_keys.scn).
journey_click() {
	_xy="$(printf '%b%b' "\\$(printf %03o $(($1 + 33)))" \
		"\\$(printf %03o $(($2 + 33)))")"
	keys -l "$(printf '\033[M %s\033[M#%s' "$_xy" "$_xy")"
}

# journey_line PATTERN: the 0-based screen line that matches.
journey_line() {
	screen | grep -n -m1 -E -- "$1" | cut -d: -f1 | awk '{ print $1 - 1 }'
}
