"""sd_notify and the watchdog, against a fake NOTIFY_SOCKET (a unix datagram socket).

READY=1 once the first frame is drawn, WATCHDOG=1 at half of WATCHDOG_USEC
from the Kivy clock, and none while the clock is stalled (a callback that
hangs the UI loop). The Kivy part runs in a child process with a real
offscreen window (one Kivy window per process).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys

import pytest
from appliance_helpers import HERE, NotifySocket, child_env

from kiosk.watchdog import KioskWatchdog, Notifier, watchdog_interval


@pytest.fixture
def notify(tmp_path):
    fake = NotifySocket(tmp_path / "notify")
    yield fake
    fake.close()


def test_messages_reach_the_socket_named_by_notify_socket(notify):
    notifier = Notifier.from_environ({"NOTIFY_SOCKET": str(notify.path)})
    assert notifier is not None
    assert notifier.send("READY=1", "STATUS=The table is on screen.")
    assert notify.wait_for("READY=1\nSTATUS=The table is on screen.", 10)


def test_an_abstract_socket_name_is_understood():
    name = f"piquet-test-{os.getpid()}"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(b"\0" + name.encode())
    server.settimeout(10)
    try:
        notifier = Notifier.from_environ({"NOTIFY_SOCKET": "@" + name})
        assert notifier is not None and notifier.send("WATCHDOG=1")
        assert server.recv(100) == b"WATCHDOG=1"
    finally:
        server.close()


def test_without_systemd_nothing_is_sent_and_nothing_fails(tmp_path):
    assert Notifier.from_environ({}) is None
    assert Notifier.from_environ({"NOTIFY_SOCKET": "relative/path"}) is None
    gone = Notifier.from_environ({"NOTIFY_SOCKET": str(tmp_path / "nobody-listens")})
    assert gone is not None and gone.send("READY=1") is False  # no exception for the UI loop


def test_the_watchdog_interval_comes_from_watchdog_usec_and_is_meant_for_this_process():
    assert watchdog_interval({"WATCHDOG_USEC": "20000000"}) == 20.0
    assert watchdog_interval({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": str(os.getpid())}) == 20
    assert watchdog_interval({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"}) is None
    assert watchdog_interval({}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "0"}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "soon"}) is None


class RecordingClock:
    """Records what the watchdog asks of Kivy's clock."""

    def __init__(self):
        self.once, self.every = [], []

    def schedule_once(self, callback, timeout):
        self.once.append((callback, timeout))

    def schedule_interval(self, callback, period):
        self.every.append((callback, period))
        return self


def test_ready_after_the_first_flip_then_the_feed_every_half_interval(notify):
    clock = RecordingClock()
    dog = KioskWatchdog(
        Notifier(str(notify.path)), watchdog_interval({"WATCHDOG_USEC": "8000000"}), clock
    )
    for _ in range(3):  # every frame flips; only the first one counts
        dog.frame_flipped()
    assert len(clock.once) == 1 and clock.every == []
    callback, _ = clock.once[0]
    callback(0)  # the next tick, once the frame is on screen
    assert notify.wait_for("READY=1\nSTATUS=The table is on screen.", 10)
    assert [(f.__name__, period) for f, period in clock.every] == [("feed", 4.0)]


def test_without_a_watchdog_interval_ready_is_still_sent_and_nothing_is_scheduled(notify):
    clock = RecordingClock()
    dog = KioskWatchdog(Notifier(str(notify.path)), None, clock)
    dog.frame_flipped()
    clock.once[0][0](0)
    assert notify.wait_for("READY=1\nSTATUS=The table is on screen.", 10)
    assert clock.every == []


@pytest.mark.slow
def test_a_real_kivy_loop_feeds_the_watchdog_and_a_stalled_one_does_not(notify):
    # WATCHDOG_USEC 0.2 s: a feed every 0.1 s; the loop runs 1.2 s, hangs 1 s, runs 1.2 s
    env = child_env(NOTIFY_SOCKET=str(notify.path), WATCHDOG_USEC="200000")
    done = subprocess.run(
        [sys.executable, str(HERE / "watchdog_child.py"), "1.2", "1.0"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert notify.wait_for("X_TEST=done", 10)
    stream = list(notify.messages)
    assert stream[0] == "X_TEST=window-open"  # nothing before the window drew a frame
    ready = [i for i, m in enumerate(stream) if m.startswith("READY=1")]
    assert len(ready) == 1
    begin, end = stream.index("X_TEST=stall-begin"), stream.index("X_TEST=stall-end")
    before = stream[ready[0] + 1 : begin]
    during = stream[begin + 1 : end]
    after = stream[end + 1 : stream.index("X_TEST=done")]
    assert before.count("WATCHDOG=1") >= 2
    assert during == []  # the hung callback held the clock: no feed for 1 s (5 periods)
    assert after.count("WATCHDOG=1") >= 2  # fed again once the loop runs
    assert set(before + after) == {"WATCHDOG=1"}
