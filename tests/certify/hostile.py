#!/usr/bin/env python3
"""A hostile implementation for tests/certify.sh: it passes the protocol
through to a real one (COMMAND: `arbiter judge --certify`, or the Python
example where the limits must not bind the real one: a sanitizer build of
arbiter needs more address space than --mem-limit leaves) and misbehaves,
as MODE says, on the scenario whose id is VICTIM.

usage: hostile.py MODE VICTIM COMMAND [ARG...]
"""
import json
import os
import signal
import subprocess
import sys
import time

mode, victim, real = sys.argv[1], sys.argv[2], sys.argv[3:]
ref = subprocess.Popen(real, stdin=subprocess.PIPE,
                       stdout=subprocess.PIPE, text=True)


def ask(line):
    ref.stdin.write(line)
    ref.stdin.flush()
    return ref.stdout.readline()


def say(text):
    sys.stdout.write(text)
    sys.stdout.flush()


start = sys.stdin.readline()
hello = ask(start)
if mode == "bad-hello":
    hello = hello.replace('"name":"arbiter"', '"name":"../evil"')
if mode == "unknown-ruleset":
    hello = hello.replace('"ruleset":"grit"', '"ruleset":"warhamster"')
if mode == "unknown-profile":
    hello = hello.replace('"profile":"all"', '"profile":"lenient"')
if mode == "no-hello":
    time.sleep(3600)
say(hello)
previous = None
for line in sys.stdin:
    sid = json.loads(line)["id"]
    answer = ask(line)
    if sid != victim:
        say(answer)
        previous = sid
        continue
    if mode == "crash":
        os.kill(os.getpid(), signal.SIGSEGV)
    elif mode == "hang":
        time.sleep(3600)
    elif mode == "exit":
        sys.exit(3)
    elif mode == "wrong-id":
        say(answer.replace(f'"id":"{sid}"', '"id":"NO-SUCH-CASE"'))
    elif mode == "repeat-id":
        say(answer.replace(f'"id":"{sid}"', f'"id":"{previous}"'))
    elif mode == "garbage":
        say("this is not JSON\n")
    elif mode == "long":
        say("x" * (3 << 20) + "\n")
    elif mode == "flood":
        say(answer * 20000)
    elif mode == "extra":
        say(answer + answer)
    elif mode == "deaf":
        # stops reading its input; the certifier must not block writing
        time.sleep(3600)
    elif mode == "memory":
        hog = bytearray(8 << 30)  # beyond --mem-limit: MemoryError, exit
        say(str(len(hog)))
    elif mode == "cpu":
        while True:
            pass
    elif mode == "fork":
        # a child that outlives it holding the pipes; the group is killed
        if os.fork() == 0:
            time.sleep(3600)
            os._exit(0)
        sys.exit(4)
    elif mode == "nproc":
        # forks until the kernel refuses (RLIMIT_NPROC: --max-procs), and
        # reaps its children itself so that the restart has room again
        kids, refused = [], None
        for _ in range(256):
            try:
                pid = os.fork()
            except OSError as e:
                refused = e
                break
            if pid == 0:
                time.sleep(3600)
                os._exit(0)
            kids.append(pid)
        for pid in kids:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        if refused is None:
            sys.stderr.write(f"no limit: forked {len(kids)} children\n")
            sys.exit(7)
        sys.stderr.write(f"fork refused after {len(kids)} children: {refused}\n")
        sys.exit(6)
    elif mode == "binary":
        # bytes that are not UTF-8, on stderr and as its answer, and a NUL
        sys.stderr.buffer.write(b"\xc3(\xff\xfe\n")
        sys.stderr.flush()
        sys.stdout.buffer.write(b"\xff\xfe\x80 not UTF-8\n")
        sys.stdout.flush()
        sys.exit(5)
    elif mode == "nul":
        sys.stdout.write(answer.rstrip("\n") + "\0garbage\n")
        sys.stdout.flush()
    elif mode == "error-line":
        say(json.dumps({"error": {"column": None, "field": None, "kind": "fault",
                                  "line": None, "message": "I give up"},
                        "format": "arbiter-verdict/2", "id": sid}) + "\n")
    else:
        say(answer)
    previous = sid
