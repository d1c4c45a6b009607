#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --listen --web-config FILE`: TLS and basic auth as
# exporter-toolkit's --web.config.file.  A self-signed certificate, a CA
# and a client certificate made now by openssl in $TMPD; curl --cacert
# with the right password gets the metrics, a wrong or missing one 401
# with WWW-Authenticate, plain HTTP nothing; with client_auth_type
# RequireAndVerifyClientCert only a certificate of the CA gets in; a real
# Prometheus scrapes https with basic_auth (up == 1) and, with a wrong
# password, fails (up == 0).  Bad files exit 2 with one sentence naming
# the line.  Every server runs on 127.0.0.1 on ports picked now.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
for t in openssl curl prometheus; do
	command -v $t > /dev/null 2>&1 || { echo "1..0 # SKIP $t missing"; exit 0; }
done
plan 22

stop_all() {
	for f in "$TMPD/tls.pid" "$TMPD/mtls.pid" "$TMPD/prom.pid"; do
		[ -s "$f" ] && kill "$(cat "$f")" 2> /dev/null
	done
	for f in "$TMPD/tls.pid" "$TMPD/mtls.pid" "$TMPD/prom.pid"; do
		[ -s "$f" ] || continue
		i=0
		while kill -0 "$(cat "$f")" 2> /dev/null && [ $i -lt 50 ]; do
			sleep 0.1; i=$((i + 1))
		done
		kill -9 "$(cat "$f")" 2> /dev/null
	done
	wait 2> /dev/null
	rm -rf "$TMPD"
}
trap stop_all EXIT

W=$TMPD/web
mkdir "$W"
ssl() { openssl "$@" > /dev/null 2>> "$TMPD/openssl.err"; }
ssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
	-addext "subjectAltName=IP:127.0.0.1" \
	-keyout "$W/server.key" -out "$W/server.crt" &&
	ssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=test-ca \
	-keyout "$W/ca.key" -out "$W/ca.crt" &&
	ssl req -newkey rsa:2048 -nodes -subj /CN=prometheus \
	-keyout "$W/client.key" -out "$W/client.csr" &&
	ssl x509 -req -days 2 -in "$W/client.csr" -CA "$W/ca.crt" \
	-CAkey "$W/ca.key" -CAcreateserial -out "$W/client.crt"
rc=$?
check $rc "openssl made a server certificate, a CA and a client certificate"
[ $rc -eq 0 ] || diag "$(tail -3 "$TMPD/openssl.err")"

# bcrypt (cost 4) of "s3cret", as htpasswd -nbBC 4 prom s3cret makes it
HASH='$2y$04$b10MDZuUMLpOUiHLQvcTIuBqM3k0kvgTDSjggz47rl2HTQGAPenyC'
cat > "$W/web.yml" <<YML
# exporter-toolkit's format; paths are from this file's folder
tls_server_config:
  cert_file: server.crt
  key_file: 'server.key'
basic_auth_users:
  prom: "$HASH"
YML
chmod 600 "$W/web.yml"
cat > "$W/mtls.yml" <<YML
tls_server_config:
  cert_file: $W/server.crt
  key_file: $W/server.key
  client_auth_type: RequireAndVerifyClientCert
  client_ca_file: ca.crt
YML

TP=$(free_port)
MP=$(free_port)
while [ "$MP" = "$TP" ]; do MP=$(free_port); done
PP=$(free_port)
while [ "$PP" = "$TP" ] || [ "$PP" = "$MP" ]; do PP=$(free_port); done

sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/tls.pid" \
	"$BENCHTOP" metrics --listen "127.0.0.1:$TP" --web-config "$W/web.yml" \
	> "$TMPD/tls.out" 2> "$TMPD/tls.err" &
sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/mtls.pid" \
	"$BENCHTOP" metrics --listen "127.0.0.1:$MP" \
	--web.config.file "$W/mtls.yml" > "$TMPD/mtls.out" 2> "$TMPD/mtls.err" &

# code NAME PORT [CURL-ARGS...]: the status of GET https://.../metrics
# (000 when no HTTP answer came), headers in NAME.h, body in NAME.b.
code() {
	_n=$1 _p=$2; shift 2
	curl -sS --max-time 20 --cacert "$W/server.crt" -D "$TMPD/$_n.raw" \
		-o "$TMPD/$_n.b" -w '%{http_code}' "$@" \
		"https://127.0.0.1:$_p/metrics" 2> "$TMPD/$_n.err"
	tr -d '\r' < "$TMPD/$_n.raw" 2> /dev/null | tr 'A-Z' 'a-z' > "$TMPD/$_n.h"
}
# up PORT: until the server answers over TLS (any status), 30 s at most.
up() {
	i=0
	while [ $i -lt 300 ]; do
		[ "$(code wait "$1")" != 000 ] && return 0
		sleep 0.1; i=$((i + 1))
	done
	return 1
}
up "$TP" && up "$MP"
rc=$?
check $rc "both servers answer over TLS"
[ $rc -eq 0 ] || diag "$(cat "$TMPD/tls.err" "$TMPD/mtls.err" "$TMPD/wait.err")"
grep -qx "benchtop metrics: serving https://127.0.0.1:$TP/metrics" "$TMPD/tls.err"
check $? "it says it serves https"

[ "$(code ok "$TP" -u prom:s3cret)" = 200 ] &&
	grep -q '^benchtop_build_info{' "$TMPD/ok.b"
check $? "curl --cacert with the right password: 200 and the metrics"
[ "$(code wrong "$TP" -u prom:s3creT)" = 401 ] &&
	grep -qx 'www-authenticate: basic realm="benchtop"' "$TMPD/wrong.h" &&
	! grep -q benchtop_ "$TMPD/wrong.b"
check $? "a wrong password: 401 with WWW-Authenticate: Basic, no metrics"
[ "$(code none "$TP")" = 401 ] &&
	grep -q '^www-authenticate: basic' "$TMPD/none.h"
check $? "no password: 401 with WWW-Authenticate"
[ "$(code who "$TP" -u nobody:s3cret)" = 401 ] &&
	[ "$(curl -sS --max-time 20 --cacert "$W/server.crt" -o /dev/null \
		-w '%{http_code}' "https://127.0.0.1:$TP/other")" = 401 ]
check $? "an unknown user, and any path without the password: 401"
[ "$(code gz "$TP" -u prom:s3cret --compressed)" = 200 ] &&
	grep -q '^content-encoding: gzip' "$TMPD/gz.h" &&
	grep -q '^benchtop_build_info{' "$TMPD/gz.b"
check $? "gzip over TLS: Content-Encoding: gzip, decoded by curl"
# the gzip'ed body is kept for one reading only: a scrape after the
# minimum interval (1 s) shows the next reading, not the kept body
reads() { sed -n 's/^benchtop_metrics_reads_total \([0-9]*\)$/\1/p' "$1"; }
sleep 1.2
code gz2 "$TP" -u prom:s3cret --compressed > /dev/null
[ -n "$(reads "$TMPD/gz.b")" ] && [ "$(reads "$TMPD/gz2.b")" -gt "$(reads "$TMPD/gz.b")" ]
check $? "a gzip'ed scrape a reading later shows that reading ($(reads "$TMPD/gz.b") then $(reads "$TMPD/gz2.b") reads)"
# refused so far: the first answer of up(), wrong, none, who, other
denied=$(sed -n 's/^benchtop_metrics_http_denied_total //p' "$TMPD/gz2.b")
[ "$denied" = 5 ]
check $? "benchtop_metrics_http_denied_total counts the 5 refusals ($denied)"
curl -sS --max-time 10 -o /dev/null "http://127.0.0.1:$TP/metrics" 2> /dev/null
[ $? -ne 0 ]
check $? "plain HTTP to the TLS port gets no answer"

[ "$(code mok "$MP" --cert "$W/client.crt" --key "$W/client.key")" = 200 ] &&
	grep -q '^benchtop_build_info{' "$TMPD/mok.b"
check $? "RequireAndVerifyClientCert: a certificate signed by the CA gets in"
m1=$(code mnone "$MP")
m2=$(code mself "$MP" --cert "$W/server.crt" --key "$W/server.key")
[ "$m1" = 403 ] || [ "$m1" = 000 ]; r1=$?
[ "$m2" = 403 ] || [ "$m2" = 000 ]
[ $r1 -eq 0 ] && [ $? -eq 0 ] && ! grep -q benchtop_ "$TMPD/mnone.b" "$TMPD/mself.b"
check $? "no client certificate, or one the CA did not sign: refused ($m1, $m2)"

printf 's3cret' > "$W/pw"
printf 'wrong' > "$W/badpw"
cat > "$TMPD/prometheus.yml" <<YML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: good
    scheme: https
    tls_config: {ca_file: $W/server.crt}
    basic_auth: {username: prom, password_file: $W/pw}
    static_configs: [{targets: ['127.0.0.1:$TP']}]
  - job_name: badpw
    scheme: https
    tls_config: {ca_file: $W/server.crt}
    basic_auth: {username: prom, password_file: $W/badpw}
    static_configs: [{targets: ['127.0.0.1:$TP']}]
  - job_name: mtls
    scheme: https
    tls_config: {ca_file: $W/server.crt, cert_file: $W/client.crt, key_file: $W/client.key}
    static_configs: [{targets: ['127.0.0.1:$MP']}]
YML
prom_start
prom_query 'up{job="good"}' 'len(r) == 1 and r[0]["value"][1] == "1"'
check $? "Prometheus scrapes https with basic_auth: up == 1"
prom_query 'count(benchtop_build_info{job="good"})' 'len(r) == 1 and r[0]["value"][1] == "1"'
check $? "... and stores the series (benchtop_build_info)"
prom_query 'up{job="badpw"}' 'len(r) == 1 and r[0]["value"][1] == "0"'
check $? "with a wrong password: up == 0"
prom_query 'up{job="mtls"}' 'len(r) == 1 and r[0]["value"][1] == "1"'
check $? "Prometheus with a client certificate of the CA: up == 1"
if [ -s "$TMPD/prom.out" ]; then diag "prometheus: $(tail -3 "$TMPD/prom.out")"; fi

# bad NAME TEXT PATTERN: --web-config with a file holding TEXT exits 2
# with one line matching PATTERN.
bad() {
	printf '%s\n' "$2" > "$W/$1.yml"
	"$BENCHTOP" metrics --listen 127.0.0.1:1 --web-config "$W/$1.yml" \
		> /dev/null 2> "$TMPD/$1.err"
	_rc=$?
	[ $_rc = 2 ] && [ "$(wc -l < "$TMPD/$1.err")" = 1 ] &&
		grep -q "$3" "$TMPD/$1.err" || {
		diag "$1: exit $_rc: $(cat "$TMPD/$1.err")"; return 1; }
}
st=0
bad typo "tls_server_config:
  cert_file: server.crt
  key_file: server.key
basic_auth_user:
  prom: $HASH" "web/typo.yml, line 4: an unknown key" || st=1
bad tab "basic_auth_users:
	prom: $HASH" "web/tab.yml, line 2: a tab in the indentation" || st=1
bad plain "basic_auth_users:
  prom: s3cret" "web/plain.yml, line 2: not a bcrypt hash" || st=1
bad nokey "tls_server_config:
  cert_file: server.crt" "web/nokey.yml, line 1: tls_server_config needs both" || st=1
bad flow "tls_server_config: {cert_file: a, key_file: b}" "web/flow.yml, line 1: a mapping is wanted" || st=1
bad nofile "tls_server_config:
  cert_file: missing.crt
  key_file: server.key" "cannot read .*web/missing.crt (cert_file of .*web/nofile.yml): " || st=1
bad notpem "tls_server_config:
  cert_file: server.key
  key_file: server.key" "web/server.key (cert_file of .*) is not in PEM form" || st=1
bad cipher "tls_server_config:
  cert_file: server.crt
  key_file: server.key
  min_version: TLS13" "line 4: a TLS setting benchtop does not support" || st=1
check $st "bad files: exit 2, one sentence naming the file and the line"
"$BENCHTOP" metrics --listen 127.0.0.1:1 --web-config "$W/none.yml" > /dev/null 2> "$TMPD/none.err"
[ $? = 2 ] && grep -q "cannot read the web configuration .*none.yml: " "$TMPD/none.err" &&
	[ "$(wc -l < "$TMPD/none.err")" = 1 ]
check $? "a missing file: exit 2, one sentence"
"$BENCHTOP" metrics --web-config "$W/web.yml" > /dev/null 2> "$TMPD/nolisten.err"
[ $? = 2 ] && grep -q "^benchtop metrics: --web-config goes with --listen" "$TMPD/nolisten.err"
check $? "--web-config without --listen: exit 2"

# hashes readable by every user: a warning, and the server runs
chmod 644 "$W/web.yml"
RP=$(free_port)
timeout 5 "$BENCHTOP" metrics --listen "127.0.0.1:$RP" --web-config "$W/web.yml" \
	> /dev/null 2> "$TMPD/readable.err"
grep -q "warning: .*web.yml holds password hashes and every user can read it" "$TMPD/readable.err" &&
	grep -q "serving https://127.0.0.1:$RP/metrics" "$TMPD/readable.err"
check $? "a file of hashes every user can read: a warning, then it serves"
under_rows "$TMPD/typo.err" 200 > /dev/null && ! grep -q "$(printf '\033')" "$TMPD"/*.err
check $? "no escape sequence reaches the terminal"
