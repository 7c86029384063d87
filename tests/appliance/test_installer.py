"""systemd/install.sh against a temporary root, with stub commands (installer_stubs.py).

Run twice, the second run changes nothing; --dry-run changes nothing and names
what it would do; --uninstall removes everything but the journal and its
backups, and puts the boot files back as they were.
"""

from __future__ import annotations

import subprocess
import tomllib

import pytest
from installer_stubs import CMDLINE, CONFIG_TXT, INSTALLER, fake_machine

from journal.backup import DEFAULT_KEEP

READ_ONLY_SYSTEMCTL = (" is-enabled ",)


def changing_calls(lines: list[str]) -> list[str]:
    """The logged commands that change something (dpkg-query and is-enabled only look)."""
    return [
        line
        for line in lines
        if line.startswith(
            (
                "apt-get",
                "groupadd",
                "useradd",
                "usermod",
                "userdel",
                "groupdel",
                "python3",
                "venv-python",
            )
        )
        or (line.startswith("systemctl") and not any(q in line for q in READ_ONLY_SYSTEMCTL))
    ]


@pytest.fixture
def machine(tmp_path):
    return fake_machine(tmp_path)


def group_table(machine) -> dict[str, set[str]]:
    table = {}
    for line in (machine.root / "etc" / "group").read_text().splitlines():
        name, _, _, users = line.split(":")
        table[name] = set(filter(None, users.split(",")))
    return table


def members(machine, group: str) -> set[str]:
    return group_table(machine)[group]


def groups_of(machine, user: str) -> set[str]:
    return {name for name, users in group_table(machine).items() if user in users}


def test_dry_run_prints_every_step_and_changes_nothing(machine):
    before = machine.snapshot()
    done = machine.install("--dry-run")
    assert done.returncode == 0, done.stderr
    assert machine.snapshot() == before
    assert changing_calls(machine.log_lines()) == []
    out = done.stdout
    assert out.startswith("piquet-table install, dry run: nothing is changed")
    for step in (
        "apt-get install",
        "libmtdev1",
        "libgbm1",
        "groupadd",
        "useradd",
        "--groups video,render,input,gpio,dialout,audio piquet",
        "espeak-ng alsa-utils",
        "-m venv",
        "-m pip install",
        "config.toml ([display] rotation = 0",
        "Touch Display 2 (720x1280",
        "mask getty@tty1.service",
        "enable piquet-kiosk.service",
        "enable piquet-backup.timer",
        "consoleblank=0",
        "enable_uart=1",
        "/dev/serial0",
    ):
        assert step in out, step
    assert out.rstrip().endswith("changes would be made")


def test_installed_twice_the_second_run_changes_nothing(machine):
    first = machine.install()
    assert first.returncode == 0, first.stderr
    root = machine.root
    units = root / "etc" / "systemd" / "system"
    for unit in ("piquet-kiosk.service", "piquet-backup.service", "piquet-backup.timer"):
        assert (units / unit).read_bytes() == (INSTALLER.parent / unit).read_bytes()
    assert (units / "multi-user.target.wants" / "piquet-kiosk.service").is_symlink()
    assert (units / "timers.target.wants" / "piquet-backup.timer").is_symlink()
    assert (units / "getty@tty1.service").readlink().as_posix() == "/dev/null"
    assert groups_of(machine, "piquet") == {"video", "render", "input", "gpio", "dialout", "audio"}
    assert (root / "opt" / "piquet-table" / "venv" / "bin" / "piquet").exists()
    config = tomllib.loads((root / "etc" / "piquet-table" / "config.toml").read_text())
    assert config == {
        "display": {"rotation": 0},
        "backup": {},
        "pins": {},
        "timings": {},
        "printer": {"port": "/dev/serial0"},  # a Pi 4's GPIO 14/15 (test_installer_model.py)
        "voice": {},
    }  # everything else is a commented default
    cmdline = (root / "boot" / "firmware" / "cmdline.txt").read_text()
    assert cmdline.split() == [
        "console=tty1",
        "root=PARTUUID=4e639091-02",
        "rootfstype=ext4",
        "rootwait",
        "quiet",
        "splash",
        "consoleblank=0",
        "fsck.repair=yes",
    ]
    assert "enable_uart=1" in (root / "boot" / "firmware" / "config.txt").read_text()
    assert (root / "usr" / "local" / "bin" / "piquet-table").stat().st_mode & 0o111

    after_first = machine.snapshot()
    calls = len(machine.log_lines())
    second = machine.install()
    assert second.returncode == 0, second.stderr
    assert second.stdout.rstrip().endswith("nothing to change")
    assert " change " not in second.stdout
    assert machine.snapshot() == after_first
    assert changing_calls(machine.log_lines()[calls:]) == []


def test_rotation_is_written_and_updated_and_other_settings_are_kept(machine):
    assert machine.install("--rotation", "90").returncode == 0
    config = machine.root / "etc" / "piquet-table" / "config.toml"
    assert tomllib.loads(config.read_text())["display"]["rotation"] == 90
    config.write_text(config.read_text().replace("# baud = 19200", "baud = 9600"))
    done = machine.install("--rotation=270")
    assert done.returncode == 0 and "rotation = 270" in done.stdout
    settings = tomllib.loads(config.read_text())
    assert settings["display"]["rotation"] == 270
    assert settings["printer"] == {"port": "/dev/serial0", "baud": 9600}
    again = machine.install()  # no --rotation: the setting stays as it is
    assert again.stdout.rstrip().endswith("nothing to change")


def test_the_original_800x480_display_is_named(tmp_path):
    machine = fake_machine(tmp_path, display="800x480")
    done = machine.install("--dry-run")
    assert 'the original 7" Touch Display (800x480' in done.stdout


def test_uninstall_removes_everything_but_the_journal_and_its_backups(machine):
    assert machine.install().returncode == 0
    state = machine.root / "var" / "lib" / "piquet-table"
    (state / "backups").mkdir(parents=True)
    (state / "journal.sqlite3").write_bytes(b"the journal")
    (state / "journal.sqlite3-wal").write_bytes(b"its latest actions")
    (state / "backups" / "journal-2026-01-01.sqlite3").write_bytes(b"a copy")
    kept = {p: p.read_bytes() for p in state.rglob("*") if p.is_file()}

    dry = machine.install("--uninstall", "--dry-run")
    assert dry.returncode == 0 and "remove the user piquet" in dry.stdout
    assert (machine.root / "opt" / "piquet-table").exists()

    done = machine.install("--uninstall")
    assert done.returncode == 0, done.stderr
    assert {p: p.read_bytes() for p in state.rglob("*") if p.is_file()} == kept
    root = machine.root
    leftovers = [
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if not p.is_dir()
        and not p.relative_to(root)
        .as_posix()
        .startswith(("usr/lib/systemd/system/", "var/lib/piquet-table/", "sys/", "proc/"))
    ]
    assert sorted(leftovers) == [
        "boot/firmware/cmdline.txt",
        "boot/firmware/config.txt",
        "etc/debian_version",
        "etc/group",
        "etc/passwd",
    ]
    assert (root / "boot" / "firmware" / "cmdline.txt").read_text() == CMDLINE
    assert (root / "boot" / "firmware" / "config.txt").read_text() == CONFIG_TXT
    assert "piquet" not in (root / "etc" / "passwd").read_text()
    assert groups_of(machine, "piquet") == set()
    assert "gpio:" not in (root / "etc" / "group").read_text()  # the installer had made it
    assert members(machine, "video") == {"pi"}
    again = machine.install("--uninstall")
    assert again.stdout.rstrip().endswith("nothing to change")


def test_a_boot_line_changed_after_the_install_is_left_alone_by_uninstall(machine):
    assert machine.install().returncode == 0
    cmdline = machine.root / "boot" / "firmware" / "cmdline.txt"
    cmdline.write_text(cmdline.read_text().strip() + " video=DSI-1:720x1280@60,rotate=90\n")
    done = machine.install("--uninstall")
    assert done.returncode == 0 and "left as it is" in done.stdout
    assert "rotate=90" in cmdline.read_text()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--rotation", "45"], "--rotation must be 0, 90, 180 or 270"),
        (["--colour", "green"], "unknown argument --colour"),
    ],
)
def test_bad_arguments_exit_2_and_change_nothing(machine, args, message):
    before = machine.snapshot()
    done = machine.install(*args)
    assert done.returncode == 2 and message in done.stderr
    assert machine.snapshot() == before and machine.log_lines() == []


def test_a_dry_run_on_this_very_machine_changes_nothing(machine):
    """No --root: the real paths are only looked at (stubs refuse any change)."""
    done = subprocess.run(
        ["bash", str(INSTALLER), "--dry-run"],
        env=machine.env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert (
        "enable piquet-kiosk.service" in done.stdout
        or "piquet-kiosk.service enabled" in done.stdout
    )
    assert changing_calls(machine.log_lines()) == []


def test_the_config_template_says_the_defaults_of_the_code():
    """Each commented `key = value` is the default the program uses, and every
    setting with a default value is in the template."""
    from hardware.config import (
        BackupConfig,
        DisplayConfig,
        PinConfig,
        PrinterConfig,
        TimingConfig,
        VoiceConfig,
    )
    from scorer.frozen import field_names

    text = (INSTALLER.parent / "config.toml").read_text()
    section, seen = "", set()
    defaults = {
        "pins": PinConfig(),
        "timings": TimingConfig(),
        "printer": PrinterConfig(),
        "backup": BackupConfig(),
        "display": DisplayConfig(),
        "voice": VoiceConfig(),
    }
    for line in text.splitlines():
        if line.startswith("["):
            section = line.split("]")[0][1:]
        elif line.startswith("# ") and " = " in line and section in defaults:
            key, _, value = line[2:].partition("=")
            key = key.strip()
            seen.add((section, key))
            if getattr(defaults[section], key) is None:
                continue  # an example of a setting that is unset by default
            parsed = tomllib.loads(f"v = {value.split('#')[0].strip()}")["v"]
            assert parsed == getattr(defaults[section], key), (section, key)
    every = {
        (name, field)
        for name, d in defaults.items()
        for field in field_names(d)
        if getattr(d, field) is not None
        and (name, field) not in {("display", "rotation"), ("printer", "port")}
    }  # the rotation and the port are the installer's (the port: test_installer_model.py)
    assert every <= seen, sorted(every - seen)
    assert BackupConfig().keep == DEFAULT_KEEP
