"""The systemd units: `systemd-analyze verify` prints nothing, security scores 3.5 or lower.

`verify` checks that each ExecStart= binary exists, so it runs with `--root`
on the tree systemd/install.sh makes in a temporary root (installer_stubs.py:
its venv has the `piquet` script pip would write), with the machine's own
units copied in for the targets and the getty the kiosk names. No systemd
needs to be running (CI is a container: root, no systemd as PID 1).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from installer_stubs import INSTALLER, fake_machine

from hardware.config import default_config_path
from journal import default_journal_path

SYSTEMD = INSTALLER.parent
UNITS = sorted(p.name for p in SYSTEMD.iterdir() if p.suffix in (".service", ".timer"))
SERVICES = [u for u in UNITS if u.endswith(".service")]
LIMIT = 3.5


def analyze() -> str:
    found = shutil.which("systemd-analyze")
    assert found, "systemd-analyze is missing: scripts/setup --test installs Debian's systemd"
    return found


@pytest.fixture(scope="module")
def installed_root(tmp_path_factory) -> Path:
    machine = fake_machine(tmp_path_factory.mktemp("unit-root"))
    done = machine.install()
    assert done.returncode == 0, done.stderr
    return machine.root


def unit_settings(name: str) -> dict[str, list[str]]:
    """Every `Key=value` of a unit file, values in order (keys repeat)."""
    settings: dict[str, list[str]] = {}
    for line in (SYSTEMD / name).read_text().splitlines():
        if "=" in line and not line.startswith(("#", ";", "[")):
            key, _, value = line.partition("=")
            settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def test_the_units_are_there():
    assert UNITS == ["piquet-backup.service", "piquet-backup.timer", "piquet-kiosk.service"]


@pytest.mark.parametrize("unit", UNITS)
def test_systemd_analyze_verify_prints_nothing(installed_root, unit):
    done = subprocess.run(
        [analyze(), "verify", f"--root={installed_root}", unit],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


def test_verify_does_see_a_broken_unit(installed_root, tmp_path):
    """The check can fail: a misspelt key and a missing binary are both reported."""
    broken = installed_root / "etc" / "systemd" / "system" / "piquet-broken.service"
    text = (SYSTEMD / "piquet-backup.service").read_text()
    broken.write_text(
        text.replace("Nice=10", "Nicety=10").replace("/venv/bin/piquet", "/venv/bin/piquett")
    )
    try:
        done = subprocess.run(
            [analyze(), "verify", f"--root={installed_root}", "piquet-broken.service"],
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        broken.unlink()
    said = done.stdout + done.stderr
    assert "Unknown key 'Nicety'" in said and "piquett" in said


@pytest.mark.parametrize("service", SERVICES)
def test_systemd_analyze_security_scores_3_5_or_lower(installed_root, service):
    done = subprocess.run(
        [
            analyze(),
            "security",
            "--offline=yes",
            f"--root={installed_root}",
            f"--threshold={round(LIMIT * 10)}",
            service,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d)", done.stdout)
    assert found, done.stdout + done.stderr
    score = float(found.group(1))
    print(f"\n{service}: exposure {score}")
    assert score <= LIMIT
    assert done.returncode == 0, done.stderr  # --threshold agrees


def test_the_kiosk_unit_is_what_the_appliance_needs():
    kiosk = unit_settings("piquet-kiosk.service")
    assert kiosk["Type"] == ["notify"] and kiosk["Restart"] == ["always"]
    assert kiosk["ExecStart"][0].endswith("/bin/piquet kiosk --fullscreen")
    assert int(kiosk["WatchdogSec"][0]) >= 10
    assert kiosk["User"] == ["piquet"]
    assert set(kiosk["SupplementaryGroups"][0].split()) == {
        "video",
        "render",
        "input",
        "gpio",
        "dialout",
        "audio",  # the voice: the sound card
    }
    assert "PrivateDevices" not in kiosk and "MemoryDenyWriteExecute" not in kiosk  # Mesa
    assert kiosk["TTYPath"] == ["/dev/tty1"] and "getty@tty1.service" in kiosk["Conflicts"][0]
    env = " ".join(kiosk["Environment"])
    for needed in ("KIVY_WINDOW=sdl2", "SDL_VIDEODRIVER=kmsdrm", "LG_WD=%t/piquet-table"):
        assert needed in env
    assert kiosk["RuntimeDirectory"] == ["piquet-table"]  # LG_WD's folder
    devices = " ".join(kiosk["DeviceAllow"])
    for device in (
        "char-drm",
        "char-input",
        "char-gpiochip",
        "char-ttyAMA",
        "/dev/tty1",
        "char-alsa",
    ):
        assert device in devices


@pytest.mark.parametrize("service", SERVICES)
def test_the_services_find_the_journal_and_config_in_their_directories(monkeypatch, service):
    """StateDirectory= and ConfigurationDirectory= are where the program looks by default."""
    settings = unit_settings(service)
    assert settings["StateDirectory"] == ["piquet-table"]
    assert settings["ConfigurationDirectory"] == ["piquet-table"]
    specifiers = {"%S": "/var/lib", "%E": "/etc", "%C": "/var/cache", "%t": "/run"}
    env = {}
    for line in settings["Environment"]:
        for assignment in line.split():
            key, _, value = assignment.partition("=")
            for spec, path in specifiers.items():
                value = value.replace(spec, path)
            env[key] = value
    assert default_journal_path(env) == Path("/var/lib/piquet-table/journal.sqlite3")
    monkeypatch.setenv("XDG_CONFIG_HOME", env["XDG_CONFIG_HOME"])
    assert default_config_path() == Path("/etc/piquet-table/config.toml")


def test_the_timer_starts_the_backup_daily_and_catches_up_after_a_night_off():
    timer = unit_settings("piquet-backup.timer")
    assert timer["Persistent"] == ["true"] and timer["OnCalendar"]
    backup = unit_settings("piquet-backup.service")
    assert backup["ExecStart"][0].endswith("/bin/piquet backup --daily")
    done = subprocess.run(
        [analyze(), "calendar", timer["OnCalendar"][0]], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and "Next elapse" in done.stdout
