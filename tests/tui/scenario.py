#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# scenario.py FILE: run one screen scenario (tests/tui/scenarios/*.scn) and
# speak TAP. The program runs in a private tmux server at a fixed size;
# before every assertion the driver waits for a whole frame (the pane
# alike over 0.3 s), and an assertion about what shows waits for it (15 s
# unless the line says +SECS), so a slow frame on a loaded machine is
# waited for, not failed. On a failure it prints what was expected beside
# what the screen showed. Normalised in golden screens: the clock, the
# load average, the uptime, the host name, the kernel release and the
# test's folder.
#
# A scenario is one command a line ('#' starts a comment line; a blank
# at the end of a line is part of it: '^sda ' is not '^sda'):
#   needs WHAT...        skip all unless each is there: tmux, umockdev,
#                        root, terminfo:NAME (infocmp finds the entry),
#                        or a command name (iperf3)
#   require SHELL        skip all unless SHELL exits 0 (the last line it
#                        prints says why); run before the plan, in order
#                        with the needs lines (${TMPD} expands, set and
#                        let names do not yet)
#   teardown SHELL       SHELL at the end, whatever happened, before the
#                        test's folder goes; taken before the plan too, so
#                        one above a require undoes what it did (a mount)
#   part WHAT...         the lines from here to the next 'part' run
#                        only if each is there (as needs); else their
#                        checks are skips ('part' alone: run again)
#   part if SHELL        ... only if SHELL exits 0 (the last line it
#                        prints says why not), run where the line is
#   set NAME TEXT        ${NAME} in later lines is TEXT (after expansion)
#   let NAME SHELL       ${NAME} is what SHELL prints (its last newline cut)
#   env NAME TEXT        NAME=TEXT for the program and the shell lines
#   bed BED [ARGS]       the program: benchtop under umockdev on testbed BED
#   live BED [ARGS]      ... with BED's live overlay and those in ${EXTRA}
#   host [ARGS]          ... benchtop on this machine
#   cmd SHELL            ... any command line (${BENCHTOP}, ${TMPD})
#   bedfile PATH TEXT    PATH (BED/...) in the program's private copy of
#                        its testbeds holds TEXT, for the next start
#   with TEXT            TEXT before the program's command line, for the
#                        next start (with LANG=C LC_ALL=C)
#   size COLS ROWS       the terminal's size (80 24 unless said)
#   start                start the program
#   sh SHELL             a shell line (set-up; & runs it beside, ended at
#                        the end); its status is not a check
#   stop                 end what sh ... & started
#   keys KEY...          tmux send-keys KEY...; type TEXT sends TEXT as is
#   resize COLS ROWS     the terminal's new size
#   wait[+S] PATTERN     wait for PATTERN, as a step (not a check)
#   step[+N] KEY SHELL   SHELL on a whole frame ($SCREEN): exit 0 ends
#                        the step, 1 sends KEY and looks again, any other
#                        looks again; N looks at most (60 unless said; a
#                        step, not a check: a later check reads the result)
#   need[+S] PATTERN     as wait, but without it the run stops there
#                        (the keys after it would reach another screen;
#                        the checks not run fail the plan)
# Expectations; each holds or not, and the next 'ok' line is one TAP check
# that passes when every expectation since the one before held (after the
# first that failed the rest are not tried, as with &&):
#   see[+S] PATTERN      the screen shows PATTERN (grep -E, a line)
#   not PATTERN          the whole frame shows no line matching PATTERN
#   hold+S PATTERN       every frame for S seconds shows PATTERN (one
#                        caught while drawn is judged whole, settled)
#   line N PATTERN       line N of the screen (1 the top) matches PATTERN
#   seen[+S] PATTERN     a frame showed PATTERN, settled or not: for a
#                        state that lasts a tick or two on a screen that
#                        changes every tick (an experiment's run 1/4),
#                        which 'see' would wait past (a line, as see)
#   status[+S] PATTERN   the status line (its four bottom rows joined; a
#                        row cut at the right edge joined as is)
#   dialog[+S] PATTERN   the dialog's box (from its left edge on)
#   joined[+S] PATTERN   the screen as one line, runs of blanks squeezed
#   file PATH TEXT       PATH under the testbed's folder holds TEXT
#   true[+S] SHELL       SHELL exits 0 ($SCREEN: a file of the frame), on
#                        a frame within S seconds
#   styled[+S] SHELL     as true, $SCREEN the frame with its colours and
#                        attributes (tmux capture-pane -e: SGR escapes)
#   golden NAME          the frame, normalised, is tests/tui/golden/NAME
#                        (BENCHTOP_GOLDEN_UPDATE=1 writes it)
#   printable            every frame read since the last one was printable
#   exits[+S] STATUS     the program has ended with STATUS
#   ok DESCRIPTION       the TAP check
# Unrolled before the run (so the plan counts every check), with the
# names that 'set' and 'each' give by then (a 'let' name is not known):
#   include FILE         the lines of FILE (a path from the scenario's
#                        folder: a table of beds or a language's words)
#   each NAME VALUE...   the lines to the matching 'done', once for each
#                        VALUE, ${NAME} that value (as 'set NAME VALUE')
#   if A = B, if A != B  the lines to the matching 'fi' (or 'else') only
#                        when the two words are (are not) the same;
#                        'if A in B C...': A is one of the words after it
#   else, fi, done
# ${TMPD} (the test's folder), ${UDIR} (the testbed's folder, once the
# program is up), ${TMUXSOCK} (the socket of the tmux server of the last
# start), ${KERNEL} (uname -r), ${TESTBEDS}, ${BENCHTOP} and the
# set ones expand in every line (${NAME}; $NAME is left to the shell);
# shell lines also see them in the environment (but for LANG, LANGUAGE
# and LC_*: the locale of shell lines stays the runner's).
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unicodedata


# ${NAME} in a line, as the run and the unrolling expand it
NAME = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


class Skip(Exception):
    pass


class Stop(Exception):
    pass


def env_default(name, value):
    os.environ.setdefault(name, value)
    return os.environ[name]


TOP = env_default("top_srcdir", os.path.abspath(
    os.path.join(os.path.dirname(__file__), "..", "..")))
BUILD = env_default("top_builddir", os.getcwd())
BENCHTOP = env_default("BENCHTOP", os.path.join(BUILD, "benchtop"))
UMOCKDEV_RUN = env_default("UMOCKDEV_RUN", "umockdev-run")
env_default("BENCHTOP_DATADIR", os.path.join(TOP, "data"))
# as tests/integration/lib.sh: umockdev's preload before ASan, glibc's
# kept-until-exit allocations suppressed
os.environ["ASAN_OPTIONS"] = "verify_asan_link_order=0" + (
    ":" + os.environ["ASAN_OPTIONS"] if os.environ.get("ASAN_OPTIONS") else "")
os.environ["LSAN_OPTIONS"] = "suppressions=%s/tests/lsan.supp" % TOP + (
    ":" + os.environ["LSAN_OPTIONS"] if os.environ.get("LSAN_OPTIONS") else "")
# as tests/integration/lib.sh: English sentences and '.' decimals whatever
# the person's locale; a scenario about a locale says its own ('with')
os.environ["LANG"] = "C.UTF-8"
for _v in list(os.environ):
    if _v == "LANGUAGE" or _v.startswith("LC_"):
        del os.environ[_v]


def normalise(text, tmpd):
    """What legitimately differs from run to run, as placeholders."""
    text = text.replace(tmpd, "$TMPD")
    text = text.replace(os.uname().release, "$KERNEL")
    text = re.sub(r"^%s(?= )" % re.escape(os.uname().nodename), "$HOST", text)
    text = re.sub(r"\b\d{1,2}:\d{2}(:\d{2})?$", "HH:MM", text, flags=re.M)
    text = re.sub(r"(load(avg)?|Last) +\d+[.,]\d+ +\d+[.,]\d+ +\d+[.,]\d+",
                  r"\1 L L L", text)
    text = re.sub(r"\bup +(\d+d +)?\d+(:\d{2}|h|m|min)( *\d+m)?", "up U",
                  text)
    return "\n".join(l.rstrip() for l in text.split("\n")).rstrip("\n")


def side_by_side(left, right, lhead, rhead):
    """Two texts in columns, '|' where lines differ."""
    a, b = left.split("\n"), right.split("\n")
    w = max([len(lhead)] + [len(x) for x in a])
    out = ["%-*s   %s" % (w, lhead, rhead)]
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else ""
        y = b[i] if i < len(b) else ""
        out.append("%-*s %s %s" % (w, x, " " if x == y else "|", y))
    return out


class Scenario:
    def __init__(self, path):
        self.path = path
        self.tmpd = tempfile.mkdtemp(
            prefix="benchtop-test.", dir=os.environ.get("TMPDIR", "/tmp"))
        os.environ["TMPD"] = self.tmpd
        os.environ["BENCHTOP_RUNTIME_DIR"] = os.path.join(self.tmpd, "run")
        self.vars = {"TMPD": self.tmpd, "KERNEL": os.uname().release,
                     "TESTBEDS": os.path.join(TOP, "tests", "testbeds"),
                     "BENCHTOP": BENCHTOP, "top_srcdir": TOP}
        self.tmux = ["tmux", "-S", os.path.join(self.tmpd, "tmux"),
                     "-f", "/dev/null"]
        self.starts = 0
        self.size = (80, 24)
        self.program = None
        self.bedfiles = []
        self.prefix = ""
        self.beside = []
        self.n = 0
        self.failed = 0
        self.bad = None        # the first failed expectation of a check
        self.skipping = None   # why this part's checks are skips
        self.frames = []       # frames read, for 'printable'
        self.calm = None       # the last settled frame, None after input
        self.teardowns = []    # 'teardown' lines, run at the end

    # ---- the terminal ----------------------------------------------------
    def capture(self):
        r = subprocess.run(self.tmux + ["capture-pane", "-p", "-t", "t"],
                           capture_output=True)
        text = r.stdout.decode("utf-8", "surrogateescape")
        self.frames.append(text)
        return text

    def settle(self, quiet=0.3, most=5.0):
        """The pane once it has not changed for QUIET seconds. A pane
        alike to the last settled one, with no input since, is whole
        already (it is that frame, not one half drawn): the checks in a
        row on one screen pay for one settle, not one each."""
        end = time.monotonic() + most
        a = self.capture()
        if a == self.calm:
            return a
        still = time.monotonic()
        while time.monotonic() < end:
            time.sleep(0.1)
            b = self.capture()
            if a != b:
                a, still = b, time.monotonic()
            elif time.monotonic() - still >= quiet:
                self.calm = a
                break
        return a

    def view(self, kind, frame):
        lines = frame.split("\n")
        if kind == "status":
            # as tests/tui/lib.sh's status_line: the status line wraps
            # over up to four rows (tui/screen.c's MESSAGE_ROWS) at the
            # bottom; a row that reached the right edge was cut inside a
            # word (a long path) and is joined to the next as is, the
            # others with a blank
            text, full = "", False
            for i, row in enumerate(lines[-5:-1] if frame.endswith("\n")
                                    else lines[-4:]):
                text += ("" if i == 0 or full else " ") + row
                full = len(row) >= self.size[0]
            return [text]
        if kind == "joined":
            return [re.sub(" +", " ", " ".join(lines))]
        if kind == "dialog":
            w = self.size[0]
            dw = min(w - 4, 72)
            return [l[(w - dw) // 2 + 1:] for l in lines]
        return lines

    def shows(self, kind, pattern, frame):
        text = "\n".join(self.view(kind, frame)) + "\n"
        r = subprocess.run(["grep", "-Eq", "--", pattern],
                           input=text.encode(), capture_output=True)
        if r.returncode > 1:
            raise SystemExit("scenario: %s: bad pattern /%s/: %s" % (
                self.path, pattern, r.stderr.decode().strip()))
        return r.returncode == 0

    def wait(self, kind, pattern, secs, settled=True):
        """True once a whole frame shows PATTERN; waits SECS at most.
        With settled False ('seen'), once any frame shows it: a frame
        caught while curses draws it can hold a row half new, half old,
        so such a pattern is written for the whole row (anchored, with
        the words on both sides of what changes)."""
        end = time.monotonic() + secs
        while True:
            frame = self.capture()
            if self.shows(kind, pattern, frame):
                if not settled:
                    return True, frame
                # the pattern may be in a frame's first rows before the
                # rest arrive: judge the whole frame
                frame = self.settle()
                if self.shows(kind, pattern, frame):
                    return True, frame
            if time.monotonic() >= end:
                return False, self.settle() if settled else frame
            time.sleep(0.1 if settled else 0.05)

    def hold(self, pattern, secs):
        """Every whole frame for SECS seconds shows PATTERN."""
        end = time.monotonic() + secs
        while True:
            frame = self.capture()
            if not self.shows("screen", pattern, frame):
                # a frame caught while it is drawn: judge the whole one
                frame = self.settle()
                if not self.shows("screen", pattern, frame):
                    self.expect(False, "screen: /%s/ went within %d s" % (
                        pattern, secs), None, frame)
                    return
            if time.monotonic() >= end:
                return
            time.sleep(0.1)

    def start(self):
        self.calm = None
        for f in ("status", "pid", "udir"):
            self.rm(f)
        subprocess.run(self.tmux + ["kill-server"], capture_output=True)
        # a server of its own each time: a new session on the socket of
        # a server still going down was refused (seen in a chroot)
        self.starts += 1
        self.vars["TMUXSOCK"] = os.path.join(self.tmpd,
                                             "tmux%d" % self.starts)
        self.tmux = ["tmux", "-S", self.vars["TMUXSOCK"], "-f", "/dev/null"]
        c, r = self.size
        t = self.tmpd
        line = ("echo $$ > '%s/pid'; export LANG=C.UTF-8; %s; "
                "echo $? > '%s/status'; sleep 30" % (t, self.program, t))
        subprocess.run(self.tmux + ["new-session", "-d", "-s", "t", "-x",
                                    str(c), "-y", str(r), line], check=True)
        subprocess.run(self.tmux + ["set-option", "-t", "t", "-g", "status",
                                    "off"], capture_output=True)

    def rm(self, name):
        try:
            os.unlink(os.path.join(self.tmpd, name))
        except FileNotFoundError:
            pass

    def udir(self, secs=30):
        p = os.path.join(self.tmpd, "udir")
        end = time.monotonic() + secs
        while time.monotonic() < end:
            if os.path.exists(p) and os.path.getsize(p) > 0:
                d = open(p).read().strip()
                self.vars["UDIR"] = d
                os.environ["UDIR"] = d
                return d
            time.sleep(0.1)
        raise SystemExit("scenario: %s: the testbed did not come up in %d s"
                         % (self.path, secs))

    # ---- the program -------------------------------------------------------
    def beds(self, names):
        """The folder the testbeds are copied from: the tree's, or a
        private copy when bedfile lines change them."""
        src = self.vars["TESTBEDS"]
        if not self.bedfiles:
            return src
        dst = os.path.join(self.tmpd, "beds")
        for n in names:
            if os.path.isdir(os.path.join(src, n)) and \
                    not os.path.isdir(os.path.join(dst, n)):
                shutil.copytree(os.path.join(src, n), os.path.join(dst, n),
                                symlinks=True)
        for path, text in self.bedfiles:
            if path.split("/")[0] not in names:
                continue
            with open(os.path.join(dst, path), "w") as f:
                f.write(text + "\n")
        return dst

    def bed_program(self, bed, args, live):
        q = shlex.quote
        names = [bed] + ([bed + "-live"] + self.vars.get("EXTRA", "").split()
                         if live else [])
        beds = self.beds(names)
        # as tests/tui/lib.sh: bed_cmd takes the bed's usb.umockdev,
        # live_cmd every *.umockdev of the bed and its live overlay
        devs = []
        for n in names[:2]:
            d = os.path.join(beds, n)
            if os.path.isdir(d):
                devs += [os.path.join(d, f) for f in sorted(os.listdir(d))
                         if f.endswith(".umockdev") and (live or
                                                         f == "usb.umockdev")]
        cps = " && ".join('cp -r %s/. "$UMOCKDEV_DIR"/' % q(os.path.join(
            beds, n)) for n in names if os.path.isdir(os.path.join(beds, n)))
        inner = '%s && echo "$UMOCKDEV_DIR" > %s && exec %s %s' % (
            cps, q(os.path.join(self.tmpd, "udir")), q(BENCHTOP), args)
        return " ".join([q(UMOCKDEV_RUN)] + ["-d " + q(d) for d in devs] +
                        ["--", "sh", "-c", q(inner)])

    # ---- checks ------------------------------------------------------------
    def expect(self, ok, what, expected=None, actual=None):
        if self.bad is None and not ok:
            self.bad = (what, expected, actual)

    def check(self, desc):
        self.n += 1
        if self.skipping is not None:
            print("ok %d - %s # SKIP %s" % (self.n, desc, self.skipping))
            self.bad = None
            sys.stdout.flush()
            return
        if self.bad is None:
            print("ok %d - %s" % (self.n, desc))
        else:
            self.failed += 1
            print("not ok %d - %s" % (self.n, desc))
            what, expected, actual = self.bad
            print("# %s" % what)
            if expected is not None and actual is not None:
                for l in side_by_side(expected, actual, "expected:",
                                      "the screen:"):
                    print("#   " + l)
            elif actual is not None:
                for l in actual.split("\n"):
                    print("#   | " + l)
        self.bad = None
        sys.stdout.flush()

    def printable(self):
        bad = []
        q = re.compile(r"\?\?|\(\?|\?[,(]|[^\s\W]\?[^\s\W]|\?[^\W\d_]")
        for frame in self.frames:
            for line in frame.split("\n"):
                if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co",
                                                    "Cn") or ch == "\ufffd"
                       for ch in line):
                    bad.append("not printable: %r" % line)
                elif q.search(line):
                    bad.append("'?' placeholder in: %r" % line)
        self.frames = []
        self.expect(not bad, "; ".join(sorted(set(bad))[:5]))

    # ---- one line ------------------------------------------------------------
    def expand(self, text):
        def var(m):
            if m.group(1) == "UDIR" and "UDIR" not in self.vars:
                self.udir()
            if m.group(1) not in self.vars:
                raise SystemExit("scenario: %s: ${%s} is not set" % (
                    self.path, m.group(1)))
            return self.vars[m.group(1)]
        return NAME.sub(var, text)

    def environ(self):
        """The environment of a shell line: the runner's, and the names
        set, but for the locale's (a journey's \${LANG} is en or de, not
        a locale for the shell's commands)."""
        env = dict(os.environ)
        env.update((k, v) for k, v in self.vars.items()
                   if k not in ("LANG", "LANGUAGE") and
                   not k.startswith("LC_"))
        return env

    def shell(self, cmd, frame=None):
        env = self.environ()
        if frame is not None:
            p = os.path.join(self.tmpd, "screen")
            with open(p, "w") as f:
                f.write(frame)
            env["SCREEN"] = p
        return subprocess.run(["sh", "-c", cmd], env=env)

    def needs(self, what):
        for w in what:
            if w == "root":
                if os.getuid() != 0:
                    raise Skip("this needs root")
            elif w == "umockdev":
                if not shutil.which(UMOCKDEV_RUN):
                    raise Skip("umockdev-run missing")
            elif w.startswith("terminfo:"):
                if not shutil.which("infocmp") or subprocess.run(
                        ["infocmp", w[9:]], capture_output=True).returncode:
                    raise Skip("no %s terminfo entry" % w[9:])
            elif not shutil.which(w):
                raise Skip(w + " missing")

    def require(self, cmd):
        r = subprocess.run(["sh", "-c", cmd], env=self.environ(),
                           capture_output=True, text=True)
        if r.returncode != 0:
            why = (r.stdout + r.stderr).strip().split("\n")[-1]
            raise Skip(why or "require: " + cmd)

    def step(self, word, rest):
        secs = 15
        m = re.match(r"^([a-z]+)\+(\d+)$", word)
        if m:
            word, secs = m.group(1), int(m.group(2))
        if word == "part":
            self.skipping = None
            try:
                if rest.startswith("if "):
                    self.require(rest[3:])
                else:
                    self.needs(rest.split())
            except Skip as e:
                self.skipping = str(e)
            return
        if self.skipping is not None and word != "ok":
            return
        if word in ("see", "status", "dialog", "joined", "wait", "need"):
            if self.bad is not None and word not in ("wait", "need"):
                return
            kind = word if word in ("status", "dialog", "joined") else \
                "screen"
            ok, frame = self.wait(kind, rest, secs)
            if word == "wait":
                if not ok:
                    print("# wait: the screen did not show /%s/ in %d s"
                          % (rest, secs))
                return
            if word == "need":
                if not ok:
                    print("# need: the screen did not show /%s/ in %d s: "
                          "the run stops here" % (rest, secs))
                    for l in frame.split("\n"):
                        print("#   | " + l)
                    raise Stop()
                return
            self.expect(ok, "%s: no /%s/ in %d s" % (kind, rest, secs),
                        None, "\n".join(self.view(kind, frame)))
        elif word == "seen":
            if self.bad is None:
                ok, frame = self.wait("screen", rest, secs, settled=False)
                self.expect(ok, "screen: /%s/ not seen in %d s" % (rest, secs),
                            None, frame)
        elif word == "not":
            if self.bad is None:
                frame = self.settle()
                self.expect(not self.shows("screen", rest, frame),
                            "the screen shows /%s/" % rest, None, frame)
        elif word == "hold":
            if self.bad is None:
                self.hold(rest, secs)
        elif word == "line":
            n, pat = rest.split(" ", 1)
            if self.bad is None:
                end = time.monotonic() + secs
                while True:
                    frame = self.settle()
                    lines = frame.split("\n")
                    got = lines[int(n) - 1] if len(lines) >= int(n) else ""
                    ok = subprocess.run(["grep", "-Eq", "--", pat],
                                        input=(got + "\n").encode()).returncode == 0
                    if ok or time.monotonic() >= end:
                        break
                    time.sleep(0.1)    # a frame settled already is at once
                self.expect(ok, "line %s: no /%s/" % (n, pat), None, frame)
        elif word == "file":
            path, text = (rest.split(" ", 1) + [""])[:2]
            if self.bad is None:
                try:
                    got = open(os.path.join(self.udir(), path)).read().strip()
                except OSError as e:
                    got = str(e)
                self.expect(got == text, "%s holds %r, not %r" % (path, got,
                                                                    text))
        elif word == "true":
            if self.bad is None:
                end = time.monotonic() + secs
                while True:
                    frame = self.settle()
                    ok = self.shell(rest, frame).returncode == 0
                    if ok or time.monotonic() >= end:
                        break
                    time.sleep(0.1)    # a frame settled already is at once
                self.expect(ok, "false: " + rest, None, frame)
        elif word == "styled":
            if self.bad is None:
                end = time.monotonic() + secs
                while True:
                    frame = self.settle()
                    styled = subprocess.run(
                        self.tmux + ["capture-pane", "-e", "-p", "-t", "t"],
                        capture_output=True).stdout.decode(
                            "utf-8", "surrogateescape")
                    ok = self.shell(rest, styled).returncode == 0
                    if ok or time.monotonic() >= end:
                        break
                    time.sleep(0.1)    # a frame settled already is at once
                self.expect(ok, "false: " + rest, None, frame)
        elif word == "golden":
            if self.bad is None:
                self.golden(rest)
        elif word == "printable":
            if self.bad is None:
                self.printable()
        elif word == "exits":
            if self.bad is None:
                self.exits(rest, secs)
        elif word == "ok":
            self.check(rest)
        elif word == "keys":
            self.calm = None
            subprocess.run(self.tmux + ["send-keys", "-t", "t"] +
                           shlex.split(rest), check=True)
        elif word == "step":
            key, cmd = rest.split(" ", 1)
            looks = secs if m else 60
            for _ in range(looks):
                r = self.shell(cmd, self.settle()).returncode
                if r == 0:
                    break
                if r == 1:
                    self.calm = None
                    subprocess.run(self.tmux + ["send-keys", "-t", "t"] +
                                   shlex.split(key), check=True)
                else:
                    # each look waits at least as a settle does: a frame
                    # settled already comes at once, and N looks are a
                    # budget of time for the program to answer the key
                    time.sleep(0.3)
        elif word == "type":
            self.calm = None
            subprocess.run(self.tmux + ["send-keys", "-t", "t", "-l", rest],
                           check=True)
        elif word == "resize":
            self.calm = None
            c, r = rest.split()
            self.size = (int(c), int(r))
            subprocess.run(self.tmux + ["resize-window", "-t", "t", "-x", c,
                                        "-y", r], check=True)
        elif word == "sh":
            self.calm = None
            if rest.endswith("&"):
                env = self.environ()
                self.beside.append(subprocess.Popen(
                    ["sh", "-c", "exec " + rest[:-1]], env=env))
            else:
                self.shell(rest)
        elif word == "stop":
            self.calm = None
            self.stop()
        elif word == "set":
            name, text = (rest.split(" ", 1) + [""])[:2]
            self.vars[name] = text
        elif word == "let":
            self.calm = None
            name, cmd = rest.split(" ", 1)
            env = self.environ()
            self.vars[name] = subprocess.run(
                ["sh", "-c", cmd], env=env, capture_output=True,
                text=True).stdout.rstrip("\n")
        elif word == "env":
            name, text = (rest.split(" ", 1) + [""])[:2]
            os.environ[name] = text
        elif word in ("bed", "live"):
            bed, args = (rest.split(" ", 1) + [""])[:2]
            self.program = lambda: self.bed_program(bed, args, word == "live")
        elif word == "host":
            self.program = lambda: "%s %s" % (shlex.quote(BENCHTOP), rest)
        elif word == "cmd":
            self.program = lambda: rest
        elif word == "bedfile":
            path, text = rest.split(" ", 1)
            self.bedfiles.append((path, text))
        elif word == "size":
            c, r = rest.split()
            self.size = (int(c), int(r))
        elif word == "with":
            self.prefix = rest
        elif word == "start":
            prog = self.program
            if prog is None:
                raise SystemExit("scenario: %s: start before bed/live/host/"
                                 "cmd" % self.path)
            self.program = self.prefix + " " + (prog() if callable(prog)
                                                else prog)
            self.vars.pop("UDIR", None)
            os.environ.pop("UDIR", None)
            self.start()
            self.program = prog
            self.prefix = ""
            self.bedfiles = []
        elif word == "needs":
            self.needs(rest.split())
        elif word in ("require", "teardown"):
            pass    # taken before the plan (main)
        else:
            raise SystemExit("scenario: %s: unknown command %r" % (self.path,
                                                                   word))

    def golden(self, name):
        path = os.path.join(TOP, "tests", "tui", "golden", name)
        frame = normalise(self.settle(), self.tmpd)
        if os.environ.get("BENCHTOP_GOLDEN_UPDATE"):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(frame + "\n")
        try:
            want = open(path).read().rstrip("\n")
        except OSError as e:
            self.expect(False, "golden %s: %s" % (name, e), None, frame)
            return
        ok = want == frame
        if not ok:
            # a frame in the middle of a change: once more, settled
            time.sleep(1)
            frame = normalise(self.settle(), self.tmpd)
            ok = want == frame
        self.expect(ok, "the screen (normalised) is not golden/%s" % name,
                    want, frame)

    def exits(self, status, secs):
        p = os.path.join(self.tmpd, "status")
        end = time.monotonic() + secs
        while time.monotonic() < end:
            if os.path.exists(p) and os.path.getsize(p) > 0:
                got = open(p).read().strip()
                self.expect(got == status, "the program exited %s, not %s"
                            % (got, status), None, self.settle())
                return
            time.sleep(0.1)
        self.expect(False, "the program did not exit in %d s" % secs, None,
                    self.settle())

    def run(self, lines):
        for no, line in lines:
            line = line.lstrip()
            if not line.strip() or line.startswith("#"):
                continue
            # the rest keeps its trailing blanks: '^sda ' is not '^sda'
            # (which a row sda1 or a loop0 under '^lo' would match)
            word = line.split(None, 1)[0]
            rest = line[len(word):].lstrip(" \t")
            self.step(word, self.expand(rest))

    def stop(self):
        """End what 'sh ... &' started."""
        for p in self.beside:
            p.terminate()
        for p in self.beside:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
        self.beside = []

    def cleanup(self):
        self.stop()
        # as tests/tui/lib.sh's tmux_stop: end the server and wait (5 s at
        # most) until every process of its pane is gone: a monitor hung up
        # puts its tunings back and writes its journal into the test's
        # folder as it exits, and would make the folder again after it
        # was removed
        r = subprocess.run(self.tmux + ["list-panes", "-a", "-F",
                                        "#{pane_pid}"],
                           capture_output=True, text=True)
        subprocess.run(self.tmux + ["kill-server"], capture_output=True)
        end = time.monotonic() + 5
        for pid in r.stdout.split():
            while time.monotonic() < end and subprocess.run(
                    ["ps", "-o", "pid=", "-s", pid],
                    capture_output=True).stdout.strip():
                time.sleep(0.1)
        for cmd in self.teardowns:
            self.shell(cmd)
        shutil.rmtree(self.tmpd, ignore_errors=True)


class Unroll:
    """include, each and if, done before the run: the lines a scenario
    runs, each with where it came from (FILE:LINE)."""

    def __init__(self, names):
        self.names = dict(names)    # known before the run; None: a 'let'
        self.depth = 0

    def expand(self, text, where, whole):
        def var(m):
            v = self.names.get(m.group(1))
            if v is None:
                if whole:
                    raise SystemExit("scenario: %s: ${%s} is not known "
                                     "before the run" % (where, m.group(1)))
                return m.group(0)
            return v
        return NAME.sub(var, text)

    def block(self, lines, i, opener, where):
        """The index of the line that closes the block opened at I
        ('done' for each, 'fi' for if), and of its 'else' (or None)."""
        close = {"each": "done", "if": "fi"}[opener]
        depth, other = 0, None
        for j in range(i + 1, len(lines)):
            w = (lines[j][1].split(None, 1) + [""])[0]
            if w in ("each", "if"):
                depth += 1
            elif w in ("done", "fi") and depth > 0:
                depth -= 1
            elif w == close:
                return j, other
            elif w == "else" and depth == 0 and opener == "if":
                other = j
        raise SystemExit("scenario: %s: '%s' without its '%s'" % (
            where, opener, close))

    def test(self, rest, where):
        w = self.expand(rest, where, True).split()
        if len(w) == 3 and w[1] in ("=", "!="):
            return (w[0] == w[2]) == (w[1] == "=")
        if len(w) >= 2 and w[1] == "in":
            return w[0] in w[2:]
        raise SystemExit("scenario: %s: 'if %s': not A = B, A != B or "
                         "A in B..." % (where, rest))

    def run(self, lines):
        out, i = [], 0
        while i < len(lines):
            where, line = lines[i]
            word, rest = (line.strip().split(None, 1) + ["", ""])[:2]
            if word == "include":
                if self.depth > 8:
                    raise SystemExit("scenario: %s: includes nest too "
                                     "deep" % where)
                name = os.path.join(os.path.dirname(where.rsplit(":", 1)[0]),
                                    self.expand(rest, where, True))
                self.depth += 1
                out += self.run(read_lines(name))
                self.depth -= 1
            elif word == "each":
                end, _ = self.block(lines, i, "each", where)
                name, values = (rest.split(None, 1) + [""])[:2]
                for v in self.expand(values, where, True).split():
                    self.names[name] = v
                    out.append((where, "set %s %s" % (name, v)))
                    out += self.run(lines[i + 1:end])
                i = end
            elif word == "if":
                end, other = self.block(lines, i, "if", where)
                if self.test(rest, where):
                    out += self.run(lines[i + 1:other if other else end])
                elif other:
                    out += self.run(lines[other + 1:end])
                i = end
            elif word in ("done", "fi", "else"):
                raise SystemExit("scenario: %s: '%s' without its opener"
                                 % (where, word))
            else:
                if word == "set":
                    name, text = (rest.split(" ", 1) + [""])[:2]
                    self.names[name] = self.expand(text, where, False)
                elif word == "let":
                    self.names[rest.split(" ", 1)[0]] = None
                out.append((where, line))
            i += 1
        return out


def read_lines(path):
    try:
        text = open(path).read()
    except OSError as e:
        raise SystemExit("scenario: %s" % e)
    return [("%s:%d" % (path, n), l) for n, l in
            enumerate(text.split("\n"), 1)]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: scenario.py FILE")
    path = sys.argv[1]
    sc = Scenario(path)
    try:
        lines = Unroll(sc.vars).run(read_lines(path))
    except SystemExit:
        sc.cleanup()
        raise
    plan = sum(1 for _, l in lines if re.match(r"^\s*ok\s", l))
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(1))
    signal.signal(signal.SIGHUP, lambda *a: sys.exit(1))
    try:
        # 'needs' and 'require' lines come first: a skip is said before
        # the plan; the 'teardown' lines are taken in order with them
        for no, line in lines:
            word, rest = (line.strip().split(None, 1) + ["", ""])[:2]
            if word == "needs":
                sc.needs(rest.split())
            elif word == "require":
                sc.require(sc.expand(rest))
            elif word == "teardown":
                sc.teardowns.append(sc.expand(rest))
        print("1..%d" % plan)
        sc.run(lines)
    except Stop:
        pass
    except Skip as e:
        print("1..0 # SKIP %s" % e)
        return 0
    finally:
        sc.cleanup()
    if sc.n != plan:
        print("# ran %d checks of %d" % (sc.n, plan))
        return 1
    return 1 if sc.failed else 0


if __name__ == "__main__":
    sys.exit(main())
