# SPDX-License-Identifier: GPL-2.0-or-later
# sshd.sh: a throwaway OpenSSH server on 127.0.0.1 for the SSH session
# test and the SSH benchmark (sourced; needs $TMPD). sshd_start sets
# $SSH_PORT and $SSH (an ssh command line with the test's key, known
# hosts file and port); sshd_stop ends it. Root only: sshd changes user.

SSHD=/usr/sbin/sshd	# sshd re-executes itself: an absolute path
SSHD_PID=""

sshd_start() {
	[ -x "$SSHD" ] && command -v ssh > /dev/null &&
		command -v ssh-keygen > /dev/null || return 77
	[ "$(id -u)" = 0 ] || return 77
	mkdir -p /run/sshd	# the privilege-separation folder
	mkdir -p "$TMPD/ssh"
	ssh-keygen -q -t ed25519 -N '' -f "$TMPD/ssh/host" > /dev/null &&
		ssh-keygen -q -t ed25519 -N '' -f "$TMPD/ssh/client" \
		> /dev/null || return 1
	cp "$TMPD/ssh/client.pub" "$TMPD/ssh/authorized_keys"
	SSH_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	cat > "$TMPD/ssh/sshd_config" <<CONF
Port $SSH_PORT
ListenAddress 127.0.0.1
HostKey $TMPD/ssh/host
AuthorizedKeysFile $TMPD/ssh/authorized_keys
PidFile $TMPD/ssh/sshd.pid
StrictModes no
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PrintMotd no
PrintLastLog no
LogLevel ERROR
CONF
	"$SSHD" -D -e -f "$TMPD/ssh/sshd_config" 2> "$TMPD/ssh/sshd.log" &
	SSHD_PID=$!
	printf '[127.0.0.1]:%s %s\n' "$SSH_PORT" \
		"$(cat "$TMPD/ssh/host.pub")" > "$TMPD/ssh/known_hosts"
	SSH="ssh -i $TMPD/ssh/client -p $SSH_PORT -o BatchMode=yes -o UserKnownHostsFile=$TMPD/ssh/known_hosts -o StrictHostKeyChecking=yes -o LogLevel=ERROR root@127.0.0.1"
	_n=50
	while [ $_n -gt 0 ]; do
		$SSH true 2> /dev/null && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	return 1
}

sshd_stop() {
	[ -n "$SSHD_PID" ] && kill "$SSHD_PID" 2> /dev/null
	SSHD_PID=""
}
