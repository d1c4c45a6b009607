# SPDX-License-Identifier: GPL-2.0-or-later
# tests/vm/cross.sh: the arm64 guest's benchtop (sourced by tests/vm/lib.sh).
# Debian's :arm64 packages are downloaded with apt-get and unpacked with
# dpkg -x into a sysroot in the lab's cache - never installed: the :arm64
# libcpupower-dev is not co-installable with the amd64 one and would take
# the native build's away. benchtop is cross-built against that sysroot
# with gcc-aarch64-linux-gnu in the build tree, and the guest gets the
# sysroot's busybox, script, ldconfig and libraries.

# The packages the sysroot holds: the -dev packages configure looks for,
# the ones their pkg-config files require (gnutls's, for libmicrohttpd),
# the runtime libraries the guest loads, and busybox, ldconfig and script
# for the guest's userland. libcrypt: configure needs crypt.h (the
# --web-config password hashes).
VM_SYSROOT_PKGS="libc6 libc6-dev linux-libc-dev libgcc-s1 libcrypt1 libcrypt-dev
libncurses-dev libncurses6 libncursesw6 libtinfo6
libcpupower-dev libcpupower1 libpci-dev libpci3 libudev1 libcap2 zlib1g zlib1g-dev
libusb-1.0-0-dev libusb-1.0-0 libjansson-dev libjansson4
libiperf-dev libiperf0 libsctp1 libssl3
libmicrohttpd-dev libmicrohttpd12 libgnutls28-dev libgnutls30
nettle-dev libnettle8 libhogweed6 libgmp-dev libgmp10 libidn2-dev libidn2-0
libunistring2 libp11-kit-dev libp11-kit0 libffi8 libtasn1-6-dev libtasn1-6
busybox-static libc-bin bsdutils"

# vm__sysroot_fetch DIR: the packages into DIR/deb, unpacked into
# DIR/root, absolute symlinks made to point inside it.
vm__sysroot_fetch() {
	_d=$1
	rm -rf "$_d/deb" "$_d/root.new" && mkdir -p "$_d/deb" || return 1
	chown _apt "$_d/deb" 2> /dev/null
	# shellcheck disable=SC2086
	_list=$(for _p in $VM_SYSROOT_PKGS; do echo "$_p:$VM_ARCH"; done)
	# shellcheck disable=SC2086
	(cd "$_d/deb" && apt-get download -q $_list) > "$_d/apt.log" 2>&1 ||
		{ [ "$(id -u)" -eq 0 ] && apt-get update -qq >> "$_d/apt.log" 2>&1 &&
		(cd "$_d/deb" && apt-get download -q $_list) >> "$_d/apt.log" 2>&1; } ||
		return 1
	for _deb in "$_d"/deb/*.deb; do
		dpkg -x "$_deb" "$_d/root.new" || return 1
	done
	# /usr/lib/.../libfoo.so -> /lib/.../libfoo.so.1 would name the
	# host's file: point each absolute link at the sysroot's
	find "$_d/root.new" -type l | while read -r _l; do
		_t=$(readlink "$_l")
		case $_t in /*) ln -sfn "$_d/root$_t" "$_l" ;; esac
	done
	rm -rf "$_d/root" && mv "$_d/root.new" "$_d/root" && rm -rf "$_d/deb" &&
		echo "$VM_SYSROOT_PKGS" > "$_d/packages"
}

# vm_sysroot: the :arm64 sysroot, made once and kept in the cache (again
# when the package list changes). Sets VM_SYSROOT and VM_BUSYBOX; returns
# 1 with VM_SKIP said.
vm_sysroot() {
	command -v "$VM_TRIPLET-gcc" > /dev/null 2>&1 ||
		{ vm_why "$VM_TRIPLET-gcc is not installed (package gcc-$VM_TRIPLET)"; return 1; }
	for _t in pkg-config make readelf; do
		command -v "$_t" > /dev/null 2>&1 ||
			{ vm_why "$_t is not installed"; return 1; }
	done
	_sd=$BENCHTOP_VM_CACHE/$VM_ARCH-sysroot
	mkdir -p "$_sd" 2> /dev/null ||
		{ vm_why "the sysroot cache $_sd cannot be made"; return 1; }
	(
		flock 9
		[ "$(cat "$_sd/packages" 2> /dev/null)" = "$VM_SYSROOT_PKGS" ] ||
			vm__sysroot_fetch "$_sd"
	) 9> "$_sd/.lock"
	[ "$(cat "$_sd/packages" 2> /dev/null)" = "$VM_SYSROOT_PKGS" ] || {
		vm_why "Debian's :$VM_ARCH packages for the cross build could not be downloaded or unpacked (is $VM_ARCH a dpkg foreign architecture?): $(grep -m1 '^E:' "$_sd/apt.log" 2> /dev/null)"
		return 1; }
	VM_SYSROOT=$_sd/root
	VM_BUSYBOX=$VM_SYSROOT/bin/busybox
}

# vm_cross_build: benchtop cross-built from this source tree against the
# sysroot, in $top_builddir/tests/vm/build-$VM_ARCH (configured once, then
# make brings it up to date). Sets VM_BENCHTOP and VM_CONFIG_H.
vm_cross_build() {
	_bd=$top_builddir/tests/vm/build-$VM_ARCH
	mkdir -p "$_bd" || { vm_why "$_bd cannot be made"; return 1; }
	_s=$VM_SYSROOT _ml=$VM_TRIPLET
	# the sysroot the build was configured against: another one (the
	# cache moved, the packages changed) starts the build afresh
	_cflags="-O2"
	_stamp="$_s $(cksum < "$_s/../packages") $_cflags"
	(
		# nothing of the make check that runs the test (its jobserver,
		# CFLAGS=... on its command line) nor the host's .pc folders
		unset MAKEFLAGS MFLAGS MAKELEVEL PKG_CONFIG_PATH
		flock 9
		cd "$_bd" || exit 1
		[ "$(cat sysroot.stamp 2> /dev/null)" = "$_stamp" ] ||
			{ find . -mindepth 1 -delete && echo "$_stamp" > sysroot.stamp; } ||
			exit 1
		[ -f config.status ] ||
		"$top_srcdir/configure" -q --host="$VM_TRIPLET" \
			CC="$VM_TRIPLET-gcc --sysroot=$_s" CFLAGS="$_cflags" \
			LDFLAGS="-Wl,-rpath-link,$_s/lib/$_ml:$_s/usr/lib/$_ml" \
			PKG_CONFIG_LIBDIR="$_s/usr/lib/$_ml/pkgconfig:$_s/usr/share/pkgconfig" \
			PKG_CONFIG_SYSROOT_DIR="$_s" > build.log 2>&1 &&
		make -s -j2 benchtop >> build.log 2>&1
	) 9> "$_bd.lock"
	[ $? -eq 0 ] && [ -x "$_bd/benchtop" ] || {
		vm_why "the cross build of benchtop for $VM_ARCH failed: $(grep -m1 -i 'error' "$_bd/build.log" 2> /dev/null)"
		return 1; }
	VM_BENCHTOP=$_bd/benchtop
	VM_CONFIG_H=$_bd/config.h
}

# vm__elf_libs ROOT BINARY...: the shared libraries the binaries need, found
# in ROOT's multiarch folders (readelf's NEEDED, followed through each
# library's own), one path a line.
vm__elf_libs() {
	_root=$1; shift
	_seen=" " _todo="$*"
	while [ -n "$_todo" ]; do
		set -- $_todo
		_f=$1; shift
		_todo="$*"
		for _n in $(readelf -d "$_f" 2> /dev/null |
			sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			case $_seen in *" $_n "*) continue ;; esac
			_seen="$_seen$_n "
			for _dir in /lib/$VM_TRIPLET /usr/lib/$VM_TRIPLET /lib /usr/lib; do
				[ -e "$_root$_dir/$_n" ] || continue
				echo "$_root$_dir/$_n"
				_todo="$_todo $_root$_dir/$_n"
				break
			done
		done
	done
}
