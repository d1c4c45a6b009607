# SPDX-License-Identifier: GPL-2.0-or-later
# tests/vm/lib.sh: the VM lab (sourced after tests/integration/lib.sh).
# Boots Debian's own kernel under qemu (TCG) with an initramfs of busybox,
# the modules a scenario names, the project's benchtop binary and every
# library it links and dlopens; the guest's /init (tests/vm/init) runs the
# scenario and writes its results between markers on a channel of their own
# (a second serial port on x86_64, a virtio console on arm64).
# VM_ARCH (set before this is sourced) picks the guest: amd64 (the native
# build) or arm64 (benchtop cross-built against an :arm64 sysroot, see
# tests/vm/cross.sh). See doc/vm-lab.md.

VM_DIR="$top_srcdir/tests/vm"
. "$VM_DIR/cross.sh"
# The unpacked kernel is kept between runs: root's cache in /var/cache,
# anyone else's in $XDG_CACHE_HOME.
if [ -z "${BENCHTOP_VM_CACHE:-}" ]; then
	if [ "$(id -u)" -eq 0 ]; then
		BENCHTOP_VM_CACHE=/var/cache/benchtop-vm
	else
		BENCHTOP_VM_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/benchtop-vm
	fi
fi
# A boot is 25-30 s under TCG on a 2-core machine; the limit is for a
# wedged guest only, never a pace the test relies on.
: "${VM_TIMEOUT:=600}"
VM_SKIP=""
: "${VM_ARCH:=amd64}"
case $VM_ARCH in
arm64)
	VM_QEMU=qemu-system-aarch64 VM_QEMU_PKG=qemu-system-arm
	VM_TRIPLET=aarch64-linux-gnu ;;
*)
	VM_ARCH=amd64
	VM_QEMU=qemu-system-x86_64 VM_QEMU_PKG=qemu-system-x86
	VM_TRIPLET=x86_64-linux-gnu ;;
esac

# vm_why SENTENCE: say why the lab cannot run here; returns 1.
vm_why() { VM_SKIP=$1; return 1; }

# vm_tools: 0 when qemu, busybox-static, cpio, modprobe and flock are here.
vm_tools() {
	[ -z "${BENCHTOP_NO_RIGS:-}" ] ||
		vm_why "BENCHTOP_NO_RIGS is set (the lab ran in the test line)" ||
		return 1
	command -v "$VM_QEMU" > /dev/null 2>&1 ||
		{ vm_why "$VM_QEMU is not installed (package $VM_QEMU_PKG)"; return 1; }
	for _t in cpio modprobe depmod flock ldd dpkg-deb; do
		command -v "$_t" > /dev/null 2>&1 ||
			{ vm_why "$_t is not installed"; return 1; }
	done
	# the arm64 guest's busybox comes with its sysroot (tests/vm/cross.sh)
	[ "$VM_ARCH" = amd64 ] || return 0
	[ "$(uname -m)" = x86_64 ] ||
		{ vm_why "the x86_64 guest needs an x86_64 build of benchtop"; return 1; }
	VM_BUSYBOX=/bin/busybox
	file -L "$VM_BUSYBOX" 2> /dev/null | grep -q 'statically linked' ||
		ldd "$VM_BUSYBOX" 2>&1 | grep -q 'not a dynamic' ||
		{ vm_why "no static busybox in /bin (package busybox-static)"; return 1; }
}

# vm__fetch_kernel DIR: download linux-image-$VM_ARCH and the versioned
# kernel package it depends on into DIR; unpack that into DIR/root.
vm__fetch_kernel() {
	_d=$1
	mkdir -p "$_d/deb" && cd "$_d/deb" || return 1
	# apt runs the download as _apt where it can: give it the folder.
	chown _apt "$_d/deb" 2> /dev/null
	# a machine whose package lists were never fetched: fetch them once
	apt-get download -q "linux-image-$VM_ARCH:$VM_ARCH" > "$_d/apt.log" 2>&1 ||
		{ [ "$(id -u)" -eq 0 ] && apt-get update -qq >> "$_d/apt.log" 2>&1 &&
		apt-get download -q "linux-image-$VM_ARCH:$VM_ARCH" >> "$_d/apt.log" 2>&1; } ||
		{ cd - > /dev/null; return 1; }
	_pkg=$(dpkg-deb -f "linux-image-${VM_ARCH}_"*.deb Depends |
		sed -n 's/^\(linux-image-[0-9][^ ,]*\).*/\1/p')
	[ -n "$_pkg" ] &&
		apt-get download -q "$_pkg:$VM_ARCH" >> "$_d/apt.log" 2>&1 ||
		{ cd - > /dev/null; return 1; }
	cd - > /dev/null
	rm -rf "$_d/root.new"
	dpkg -x "$_d/deb/$_pkg"_*.deb "$_d/root.new" || return 1
	_kver=$(ls "$_d/root.new/lib/modules" | head -1)
	depmod -b "$_d/root.new" "$_kver" || return 1
	rm -rf "$_d/root" && mv "$_d/root.new" "$_d/root"
	echo "$_kver" > "$_d/kver"
	# the unpacked tree is what the lab uses: not the 70 MB packages too
	rm -rf "$_d/deb"
}

# vm_kernel: the guest's kernel, fetched once and kept in the cache. Sets
# VM_KVER, VM_KROOT and VM_VMLINUZ; returns 1 with VM_SKIP said.
vm_kernel() {
	_kd=$BENCHTOP_VM_CACHE/$VM_ARCH
	mkdir -p "$_kd" 2> /dev/null ||
		{ vm_why "the kernel cache $_kd cannot be made"; return 1; }
	# two tests at once: one downloads, the other waits for it
	(
		flock 9
		[ -s "$_kd/kver" ] || vm__fetch_kernel "$_kd"
	) 9> "$_kd/.lock"
	[ -s "$_kd/kver" ] || {
		vm_why "Debian's kernel package (linux-image-$VM_ARCH) could not be downloaded or unpacked: $(tail -1 "$_kd/apt.log" 2> /dev/null)"
		return 1; }
	VM_KVER=$(cat "$_kd/kver")
	VM_KROOT=$_kd/root
	VM_VMLINUZ=$VM_KROOT/boot/vmlinuz-$VM_KVER
	[ -r "$VM_VMLINUZ" ] || { vm_why "$VM_VMLINUZ is missing"; return 1; }
}

# vm_ready: vm_tools and vm_kernel, and for arm64 the sysroot and the
# cross-built benchtop (tests/vm/cross.sh); on 1, VM_SKIP says why in a
# sentence. VM_BENCHTOP is the binary the guest runs.
vm_ready() {
	VM_BENCHTOP=$BENCHTOP VM_CONFIG_H=$top_builddir/config.h
	vm_tools && vm_kernel || return 1
	[ "$VM_ARCH" = amd64 ] || { vm_sysroot && vm_cross_build; }
}

# vm__copy FILE DEST: FILE (links followed) at the same path under DEST.
vm__copy() {
	mkdir -p "$2$(dirname "$1")" && cp -L "$1" "$2$1"
}

# vm__libs BINARY...: the shared libraries the binaries link (ldd), one path
# a line; libraries benchtop dlopens are passed in as binaries too.
vm__libs() {
	for _b in "$@"; do
		ldd "$_b" 2> /dev/null | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) .*/\1/p'
	done | sort -u
}

# vm__dlopened: the paths of the libraries benchtop dlopens (the sonames
# configure wrote in config.h, src/base/dynlib.c opens them), where the
# host (amd64) or the sysroot (arm64) has them.
vm__dlopened() {
	sed -n 's/^#define [A-Z]*_SONAME "\(.*\)"$/\1/p' "$VM_CONFIG_H" |
	while read -r _so; do
		if [ "$VM_ARCH" = amd64 ]; then
			ldconfig -p | sed -n "s/^[[:space:]]*$_so (.*x86-64.*) => //p" | head -1
			continue
		fi
		for _dir in /lib/$VM_TRIPLET /usr/lib/$VM_TRIPLET; do
			[ -e "$VM_SYSROOT$_dir/$_so" ] && echo "$VM_SYSROOT$_dir/$_so" && break
		done
	done
}

# vm__userland ROOT: the guest's script, ldconfig and runtime linker, and
# the libraries they, benchtop and the dlopened ones link, copied from the
# host (amd64) or the sysroot (arm64) to the same paths under ROOT.
vm__userland() {
	_r=$1
	if [ "$VM_ARCH" = amd64 ]; then
		# util-linux's script: the live screen on a pty in the guest
		# (Debian's busybox has none)
		_script=$(command -v script)
		[ -n "$_script" ] && cp "$_script" "$_r/usr/bin/script"
		_dl=$(vm__dlopened)
		for _lib in $(vm__libs "$VM_BENCHTOP" $_script $_dl) $_dl \
			/lib64/ld-linux-x86-64.so.2; do
			vm__copy "$_lib" "$_r" || return 1
		done
		# the guest makes its own ld.so.cache at boot (Debian's ldconfig
		# is static; `ldconfig -r` here would need root for its chroot),
		# so that dlopen finds the sonames in the multiarch folders
		cp -r /etc/ld.so.conf /etc/ld.so.conf.d "$_r/etc/" 2> /dev/null
		cp /sbin/ldconfig "$_r/sbin/ldconfig"
		return
	fi
	_s=$VM_SYSROOT
	cp "$_s/usr/bin/script" "$_r/usr/bin/script" || return 1
	_dl=$(vm__dlopened)
	for _lib in $(vm__elf_libs "$_s" "$VM_BENCHTOP" "$_s/usr/bin/script" \
		$_dl) $_dl "$_s/lib/ld-linux-aarch64.so.1"; do
		_to=$_r${_lib#"$_s"}
		mkdir -p "$(dirname "$_to")" && cp -L "$_lib" "$_to" || return 1
	done
	cp -r "$_s/etc/ld.so.conf" "$_s/etc/ld.so.conf.d" "$_r/etc/" &&
		cp "$_s/sbin/ldconfig" "$_r/sbin/ldconfig"
}

# vm__modules MODULE...: the .ko files to insmod for MODULE..., in order
# (their dependencies first, from the kernel's own modules.dep).
vm__modules() {
	for _m in "$@"; do
		modprobe -d "$VM_KROOT" -S "$VM_KVER" --show-depends "$_m" ||
			echo "missing $_m"
	done | awk '$1 == "insmod" && !seen[$2]++ { print $2 }
		$1 == "missing" { print "vm: no module " $2 > "/dev/stderr" }'
}

# vm_initramfs OUT GUEST-SCRIPT MODULE...: the cpio archive OUT holding
# busybox, the modules, benchtop with its libraries and data, the guest
# /init (tests/vm/init) and GUEST-SCRIPT as /scenario.
vm_initramfs() {
	_out=$1 _scen=$2; shift 2
	_r=$TMPD/initramfs
	rm -rf "$_r" && mkdir -p "$_r/bin" "$_r/lib/modules" "$_r/usr/share" \
		"$_r/etc" "$_r/run" "$_r/tmp" "$_r/root" || return 1
	cp "$VM_BUSYBOX" "$_r/bin/busybox" || return 1
	cp "$VM_DIR/init" "$_r/init" && chmod 755 "$_r/init" || return 1
	cp "$_scen" "$_r/scenario" || return 1
	# arm64: the results' virtio console on virtio-mmio (vm__machine)
	[ "$VM_ARCH" = amd64 ] || set -- virtio_mmio virtio_console "$@"
	vm__modules "$@" > "$_r/etc/modules.list"
	# the modules at the paths the list names inside the guest
	while read -r _ko; do
		_rel=${_ko#"$VM_KROOT"}
		mkdir -p "$_r$(dirname "$_rel")" && cp "$_ko" "$_r$_rel" || return 1
	done < "$_r/etc/modules.list"
	sed -i "s|^$VM_KROOT||" "$_r/etc/modules.list"
	mkdir -p "$_r/usr/bin" "$_r/sbin" &&
		cp "$VM_BENCHTOP" "$_r/usr/bin/benchtop" || return 1
	vm__userland "$_r" || return 1
	# the terminfo entries ncurses reads (not by architecture)
	[ -d /lib/terminfo ] && cp -r /lib/terminfo "$_r/lib/"
	mkdir -p "$_r/usr/share/benchtop" "$_r/usr/share/misc"
	cp "$top_srcdir"/data/*.conf "$_r/usr/share/benchtop/"
	# libpci's and benchtop's PCI names
	[ -r /usr/share/misc/pci.ids ] &&
		cp /usr/share/misc/pci.ids "$_r/usr/share/misc/"
	(cd "$_r" && find . | cpio -o -H newc --quiet) > "$_out"
}

# vm__machine RAW: the machine, its CPUs and the results channel (into the
# file RAW) for VM_ARCH; sets VM_CONSOLE and VM_RESULTS (the guest's device
# for its results, tests/vm/init; unset: its second serial port).
# One host thread for all the vCPUs: as fast here as a thread each, and it
# leaves the shared machine's other core to the other tests.
vm__machine() {
	if [ "$VM_ARCH" = amd64 ]; then
		VM_CONSOLE=ttyS0 VM_RESULTS=
		VM_MACHINE="-accel tcg,thread=single -smp 4 -serial file:$1"
		return
	fi
	# arm64: a GICv3 with an ITS (MSI and MSI-X as ITS-MSI), two clusters
	# of four Cortex-A53s; the virt board has one UART, so the results
	# go to a virtio console on virtio-mmio (/dev/hvc0 in the guest)
	VM_CONSOLE=ttyAMA0 VM_RESULTS=/dev/hvc0
	VM_MACHINE="-M virt,gic-version=3 -cpu cortex-a53 -smp 8,clusters=2,cores=4"
	VM_MACHINE="$VM_MACHINE -accel tcg,thread=single -device virtio-serial-device"
	VM_MACHINE="$VM_MACHINE -chardev file,id=results,path=$1"
	VM_MACHINE="$VM_MACHINE -device virtconsole,chardev=results"
}

# vm_boot INITRAMFS RESULTS QEMU-ARG...: boot the kernel with INITRAMFS
# and the devices in QEMU-ARG...; the guest's results land in RESULTS (its
# second serial port), its console in RESULTS.console. Returns 0 when the
# guest reached the end of its scenario, and sets VM_SECONDS.
vm_boot() {
	_ird=$1 _res=$2; shift 2
	_t0=$(date +%s)
	# VM_MONITOR=1: QEMU's QMP on a socket, and tests/vm/monitor.py
	# sends through it what the guest asks for with `host` (hotplug)
	_qmp= _sock=
	if [ "${VM_MONITOR:-0}" = 1 ]; then
		# in TMPD, which the test's exit removes; a unix socket's path
		# has at most 107 bytes
		_sock=$TMPD/monitor
		[ "${#_sock}" -lt 100 ] ||
			_sock=$(mktemp -u /tmp/benchtop-vm-mon.XXXXXX)
		_qmp="unix:$_sock,server=on,wait=off"
	fi
	: > "$_res.raw"
	vm__machine "$_res.raw"
	# VM_NETNS=NS: qemu runs in network namespace NS (its tap devices are
	# there, beside the test's own servers)
	${VM_NETNS:+ip netns exec "$VM_NETNS"} \
	timeout -k 10 "$VM_TIMEOUT" "$VM_QEMU" \
		-m 512 -nographic -no-reboot -nodefaults \
		-monitor none ${_qmp:+-qmp "$_qmp"} \
		-serial "file:$_res.console" $VM_MACHINE \
		-kernel "$VM_VMLINUZ" -initrd "$_ird" \
		-append "console=$VM_CONSOLE panic=-1 loglevel=4 rdinit=/init${VM_RESULTS:+ VM_RESULTS=$VM_RESULTS}" \
		"$@" < /dev/null > "$_res.qemu" 2>&1 &
	_qpid=$! _wpid=
	if [ -n "$_sock" ]; then
		python3 "$VM_DIR/monitor.py" "$_res.raw" "$_sock" "$_res.monitor" \
			"$_qpid" > /dev/null 2>> "$_res.monitor" &
		_wpid=$!
	fi
	wait "$_qpid"
	_st=$?
	[ -z "$_wpid" ] || { kill "$_wpid" 2> /dev/null; wait "$_wpid" 2> /dev/null; }
	[ -z "$_sock" ] || rm -f "$_sock"
	VM_SECONDS=$(($(date +%s) - _t0))
	tr -d '\r' < "$_res.raw" > "$_res"
	# BENCHTOP_VM_KEEP=DIR keeps each boot's results and console there
	if [ -n "${BENCHTOP_VM_KEEP:-}" ]; then
		mkdir -p "$BENCHTOP_VM_KEEP" &&
		for _f in "$_res" "$_res.console" "$_res.qemu" "$_res.monitor"; do
			[ -e "$_f" ] || continue
			cp "$_f" "$BENCHTOP_VM_KEEP/$(basename "$0" .sh).${_f##*/}"
		done
	fi
	[ "$_st" -eq 0 ] && grep -q '^=== LAB DONE ===$' "$_res"
}

# vm_section RESULTS NAME: what the guest printed in section NAME.
vm_section() {
	awk -v n="$2" '$0 == "=== BEGIN " n " ===" { on = 1; next }
		on && index($0, "=== END " n " ") == 1 { exit }
		on' "$1"
}

# vm_sections RESULTS DIR: each section of RESULTS into DIR/NAME.
vm_sections() {
	mkdir -p "$2"
	awk -v d="$2" '/^=== BEGIN .* ===$/ { f = d "/" $3; printf "" > f; next }
		/^=== END / { f = ""; next }
		f != "" { print > f }' "$1"
}

# vm_screen RESULTS-DIR NAME: the screen the guest's pty showed when it
# took frame NAME (section NAME, base64 of the bytes so far), rendered by
# tmux at 80x24, as text on stdout.
vm_screen() {
	base64 -d < "$1/$2" > "$TMPD/$2.bytes" 2> /dev/null || return 1
	# after the bytes, a title the pane takes only once it has parsed
	# every byte before it (the end of cat is not that: the pane may
	# still hold the last read, and a frame ending in a repaint was once
	# read blank, arm64_screen 10 under load)
	printf '%s\n' "cat '$TMPD/$2.bytes'" \
		"printf '\\033]2;%s\\033\\\\' vm-frame-drawn" 'sleep 600' \
		> "$TMPD/$2.sh"
	# a server of its own for each frame (not the one going down)
	_sock=vm-screen-$$-$2
	tmux -L "$_sock" new-session -d -x 80 -y 24 "sh '$TMPD/$2.sh'" ||
		return 1
	_left=300
	while [ "$(tmux -L "$_sock" display-message -p '#{pane_title}')" != \
		vm-frame-drawn ] && [ "$_left" -gt 0 ]; do
		sleep 0.1; _left=$((_left - 1))
	done
	tmux -L "$_sock" capture-pane -p
	tmux -L "$_sock" kill-server > /dev/null 2>&1
}

# vm_skip_all: the whole test skipped, with VM_SKIP as the reason (TAP).
vm_skip_all() { echo "1..0 # SKIP $VM_SKIP"; exit 0; }

# vm_diag_boot RESULTS: the tail of the guest's console, as diagnostics.
vm_diag_boot() {
	diag "the guest did not finish its scenario in ${VM_SECONDS}s; its console ends:"
	tail -25 "$1.console" 2> /dev/null | sed 's/^/# /'
	sed 's/^/# qemu: /' "$1.qemu" 2> /dev/null | tail -5
}
