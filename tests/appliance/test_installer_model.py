"""systemd/install.sh on a fake Raspberry Pi 5, 4 and 3 (a device tree under
--root): the printer's port is that model's GPIO 14/15 UART, written where the
kiosk and `piquet print` read it, with the config.txt lines it needs; and
--root changes nothing outside its root (apt-get and pip are stubs that log).
"""

from __future__ import annotations

import subprocess
import tomllib

import pytest
from installer_stubs import CONFIG_TXT, INSTALLER, PI4, PI5, fake_machine, set_model

from hardware.config import PrinterConfig, load_config

PI3 = "Raspberry Pi 3 Model B Plus Rev 1.3"
BEGIN = "# piquet-table: begin (systemd/install.sh --uninstall removes this block)"
END = "# piquet-table: end"


def config_of(machine) -> dict:
    return tomllib.loads((machine.root / "etc" / "piquet-table" / "config.toml").read_text())


def installer_block(machine) -> list[str]:
    """The lines of the installer's block in config.txt (without its markers)."""
    lines = (machine.root / "boot" / "firmware" / "config.txt").read_text().splitlines()
    return lines[lines.index(BEGIN) + 1 : lines.index(END)]


@pytest.mark.parametrize(
    ("model", "port", "wanted", "unwanted"),
    [
        (PI5, "/dev/ttyAMA0", "dtparam=uart0=on", "enable_uart=1"),
        (PI4, "/dev/serial0", "enable_uart=1", "dtparam=uart0=on"),
        (PI3, "/dev/serial0", "enable_uart=1", "dtparam=uart0=on"),
    ],
)
def test_the_printer_is_on_the_models_header_uart(tmp_path, model, port, wanted, unwanted):
    machine = fake_machine(tmp_path, model=model)
    dry = machine.install("--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert f"ok      {model}" in dry.stdout
    assert f"the printer's port: {port} (GPIO 14/15); config.txt: {wanted}" in dry.stdout
    assert f'[printer] port = "{port}"' in dry.stdout
    assert f"config.txt: {wanted} for the printer on {port}" in dry.stdout
    assert unwanted not in dry.stdout

    done = machine.install()
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith(f"the printer is on {port}.")
    conf = machine.root / "etc" / "piquet-table" / "config.toml"
    assert load_config(conf).printer.port == port  # what the kiosk and `piquet print` use
    assert not load_config(conf).problems
    block = installer_block(machine)
    assert block[-2:] == ["[all]", wanted]
    assert unwanted not in block
    assert machine.install().stdout.rstrip().endswith("nothing to change")


def test_a_pi_4_or_3_keeps_the_programs_default_port():
    assert PrinterConfig().port == "/dev/serial0"


def test_a_card_moved_from_a_pi_4_to_a_pi_5_follows_the_model(tmp_path):
    machine = fake_machine(tmp_path, model=PI4)
    assert machine.install().returncode == 0
    assert config_of(machine)["printer"]["port"] == "/dev/serial0"
    set_model(machine.root, PI5)
    moved = machine.install()
    assert moved.returncode == 0, moved.stderr
    assert "(was /dev/serial0, for another model)" in moved.stdout
    assert config_of(machine)["printer"]["port"] == "/dev/ttyAMA0"
    assert installer_block(machine)[-2:] == ["[all]", "dtparam=uart0=on"]
    assert "enable_uart=1" not in installer_block(machine)
    config_txt = (machine.root / "boot" / "firmware" / "config.txt").read_text()
    assert config_txt.count(BEGIN) == 1
    assert machine.install().stdout.rstrip().endswith("nothing to change")
    assert machine.install("--uninstall").returncode == 0
    assert (machine.root / "boot" / "firmware" / "config.txt").read_text() == CONFIG_TXT


def test_a_port_of_the_users_own_is_kept_and_the_models_is_said(tmp_path):
    machine = fake_machine(tmp_path, model=PI5)
    assert machine.install().returncode == 0
    conf = machine.root / "etc" / "piquet-table" / "config.toml"
    text = conf.read_text()
    mine = text.replace(
        'port = "/dev/ttyAMA0"   # set by the installer for this model', 'port = "/dev/ttyUSB0"'
    )
    assert mine != text
    conf.write_text(mine)
    again = machine.install()
    assert again.returncode == 0, again.stderr
    assert 'port = "/dev/ttyUSB0" (yours, kept; this model\'s GPIO 14/15 is /dev/ttyAMA0)' in (
        again.stdout
    )
    assert conf.read_text() == mine
    assert again.stdout.rstrip().endswith("nothing to change")


def test_a_config_of_an_older_install_gets_the_port_and_keeps_the_rest(tmp_path):
    """An older template had the port commented out (the default, /dev/serial0)."""
    machine = fake_machine(tmp_path, model=PI5)
    conf = machine.root / "etc" / "piquet-table" / "config.toml"
    conf.parent.mkdir(parents=True)
    conf.write_text(
        "[display]\nrotation = 90\n\n[printer]\n"
        '# port = "/dev/serial0"   # on a Pi 5 the header\'s UART may be /dev/ttyAMA0\n'
        "baud = 9600\n"
    )
    done = machine.install()
    assert done.returncode == 0, done.stderr
    assert config_of(machine) == {
        "display": {"rotation": 90},
        "printer": {"port": "/dev/ttyAMA0", "baud": 9600},
    }
    assert machine.install().stdout.rstrip().endswith("nothing to change")


def test_a_config_with_no_printer_section_gets_one(tmp_path):
    machine = fake_machine(tmp_path, model=PI5)
    conf = machine.root / "etc" / "piquet-table" / "config.toml"
    conf.parent.mkdir(parents=True)
    conf.write_text("[display]\nrotation = 180\n")
    assert machine.install().returncode == 0
    assert config_of(machine) == {
        "display": {"rotation": 180},
        "printer": {"port": "/dev/ttyAMA0"},
    }


def test_no_device_tree_is_taken_for_a_pi_4_or_3_and_said(tmp_path):
    machine = fake_machine(tmp_path, model=None)
    dry = machine.install("--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "proc/device-tree/model: taken as a Raspberry Pi 4 or 3" in dry.stdout
    assert "the printer's port: /dev/serial0 (GPIO 14/15); config.txt: enable_uart=1" in dry.stdout


def checkout_state() -> str:
    """Everything git sees in the checkout, ignored files (build/, *.egg-info) included."""
    return subprocess.run(
        ["git", "-C", str(INSTALLER.parents[1]), "status", "--porcelain", "--ignored"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def test_root_changes_nothing_outside_its_root(tmp_path):
    """apt-get is never run (the packages missing in the root are listed), pip
    builds a copy under the root and keeps its cache there, and the checkout,
    $HOME and $TMPDIR are as they were."""
    machine = fake_machine(tmp_path, model=PI5)
    before = checkout_state()
    done = machine.install()
    assert done.returncode == 0, done.stderr
    log = machine.log_lines()
    assert not [line for line in log if line.startswith(("apt-get", "pip ", "pip3 "))]
    assert f"--admindir={machine.root}/var/lib/dpkg" in "\n".join(log)
    out = done.stdout
    assert f"not installed in {machine.root} (apt-get is not run under --root): python3-venv" in out
    assert "install them on that system: apt-get install --no-install-recommends" in out

    [pip] = [line for line in log if line.startswith("venv-python -m pip install")]
    source = pip.split()[-1].removesuffix("[pi]")
    app = machine.root / "opt" / "piquet-table"
    assert source.startswith(f"{app}/build.")  # a copy, not the checkout
    [where] = [line for line in log if line.startswith("venv-python TMPDIR=")]
    work = source.removesuffix("/src")
    assert where == (
        f"venv-python TMPDIR={work}/tmp PIP_CACHE_DIR={app}/pip-cache HOME={work}/home"
    )
    assert not list(app.glob("build.*"))  # the copy is gone once installed
    assert checkout_state() == before  # no build/ or egg-info left in the checkout
    assert list(machine.home.iterdir()) == []  # no ~/.cache/pip
    assert list(machine.tmp.iterdir()) == []

    assert machine.install("--uninstall").returncode == 0
    assert not app.exists()  # the pip cache went with the app


def test_packages_already_in_the_root_are_not_listed(tmp_path):
    machine = fake_machine(tmp_path, model=PI4)
    dpkg = machine.root / "var" / "lib" / "dpkg"
    dpkg.mkdir(parents=True)
    (dpkg / "stub-installed").write_text(
        "python3-venv\nlibegl1\nlibgles2\nlibgl1-mesa-dri\nlibgbm1\nlibdrm2\nlibmtdev1\n"
        "espeak-ng\nalsa-utils\n"
    )
    done = machine.install("--dry-run")
    assert done.returncode == 0, done.stderr
    assert "ok      python3-venv libegl1" in done.stdout
    assert "not installed in" not in done.stdout
