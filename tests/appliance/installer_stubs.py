"""A temporary root and stub commands for running systemd/install.sh in tests.

Nothing on the test machine changes: every path the installer writes is under
the temporary root (`--root`), and the commands that would change the system
are stubs first on PATH, each logging its arguments:
- apt-get and dpkg-query share a list of "installed" packages (dpkg-query
  --admindir=DIR reads DIR/stub-installed instead: the root's own packages);
- pip and pip3 only log (the installer must use the venv's pip);
- groupadd, useradd, usermod, userdel and groupdel edit ROOT/etc/group and
  ROOT/etc/passwd, and refuse to run without `--prefix ROOT`;
- python3 -m venv makes a venv whose python, for `-m pip install SRC[extra]`,
  writes the `piquet` console script as pip would, and leaves what setuptools
  leaves in the source it builds (build/, piquet_table.egg-info/) and in pip's
  cache (PIP_CACHE_DIR, else ~/.cache/pip) and temporary folder (TMPDIR);
- systemctl is the real one, but only with `--root=`: it then works on the
  unit files under the root, offline (enable, mask, is-enabled...).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from appliance_helpers import REPO

INSTALLER = REPO / "systemd" / "install.sh"

PASSWD = "root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000:,,,:/home/pi:/bin/bash\n"
GROUP = "root:x:0:\ndialout:x:20:pi\nvideo:x:44:pi\ninput:x:105:pi\nrender:x:106:pi\npi:x:1000:\n"
CMDLINE = (
    "console=serial0,115200 console=tty1 root=PARTUUID=4e639091-02 rootfstype=ext4 "
    "fsck.repair=yes rootwait quiet splash\n"
)
CONFIG_TXT = (
    "# For more options and information see\n# http://rptl.io/configtxt\n"
    "dtparam=audio=on\ncamera_auto_detect=1\ndisplay_auto_detect=1\n"
    "auto_initramfs=1\ndtoverlay=vc4-kms-v3d\nmax_framebuffers=2\n"
    "disable_fw_kms_setup=1\narm_64bit=1\ndisable_overscan=1\narm_boost=1\n\n"
    "[cm4]\notg_mode=1\n\n[all]\n"
)

STUB_USERS = r"""#!/bin/sh
# stub of $(basename "$0"): edits PREFIX/etc/passwd and /etc/group, never the real ones
echo "$(basename "$0") $*" >> "$STUB_LOG"
prefix=""
system=""
groups=""
append=""
name=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift ;;
    --groups|-G) groups=$2; shift ;;
    --home-dir|--shell|-d|-s) shift ;;
    --append|-a) append=1 ;;
    --system|-r|--user-group|-U|--no-create-home|-M) ;;
    -*) echo "stub: unknown option $1" >&2; exit 2 ;;
    *) name=$1 ;;
  esac
  shift
done
[ -n "$prefix" ] || { echo "stub: refusing to change the real system" >&2; exit 1; }
cd "$prefix/etc" || exit 1
case "$(basename "$0")" in
  groupadd) echo "$name:x:990:" >> group ;;
  groupdel) grep -v "^$name:" group > group.new; mv group.new group ;;
  useradd)
    echo "$name:x:991:991::/var/lib/piquet-table:/usr/sbin/nologin" >> passwd
    echo "$name:x:991:" >> group
    for g in $(echo "$groups" | tr ',' ' '); do
      sed -i "s/^\($g:[^:]*:[^:]*:\)\(.*\)$/\1\2,$name/; s/^\($g:[^:]*:[^:]*:\),/\1/" group
    done ;;
  usermod)
    for g in $(echo "$groups" | tr ',' ' '); do
      sed -i "s/^\($g:[^:]*:[^:]*:\)\(.*\)$/\1\2,$name/; s/^\($g:[^:]*:[^:]*:\),/\1/" group
    done ;;
  userdel)
    grep -v "^$name:" passwd > passwd.new; mv passwd.new passwd
    grep -v "^$name:" group | sed "s/,$name\(,\|$\)/\1/; s/:$name,/:/; s/:$name$/:/" > group.new
    mv group.new group ;;
esac
"""

STUB_APT = r"""#!/bin/sh
echo "apt-get $*" >> "$STUB_LOG"
[ "$1" = update ] && exit 0
for p in "$@"; do
  case "$p" in -*|install) ;; *) echo "$p" >> "$STUB_STATE/installed" ;; esac
done
"""

STUB_DPKG_QUERY = r"""#!/bin/sh
echo "dpkg-query $*" >> "$STUB_LOG"
list=$STUB_STATE/installed
for p in "$@"; do
  case "$p" in --admindir=*) list=${p#--admindir=}/stub-installed ;; esac
  last=$p
done
grep -qx "$last" "$list" 2>/dev/null || exit 1
echo "install ok installed"
"""

STUB_PIP = r"""#!/bin/sh
echo "$(basename "$0") $*" >> "$STUB_LOG"
exit 1
"""

STUB_PYTHON = r"""#!/bin/sh
echo "python3 $*" >> "$STUB_LOG"
# ensurepip runs pip, which asks rustc (its user agent): rustup writes in ~
mkdir -p "$HOME/.rustup" && echo 'version = "12"' > "$HOME/.rustup/settings.toml"
[ "$1 $2" = "-m venv" ] || { echo "stub python3: only -m venv" >&2; exit 2; }
mkdir -p "$3/bin"
cat > "$3/bin/python" <<'EOF'
#!/bin/sh
echo "venv-python $*" >> "$STUB_LOG"
echo "venv-python TMPDIR=${TMPDIR:-} PIP_CACHE_DIR=${PIP_CACHE_DIR:-} HOME=$HOME" >> "$STUB_LOG"
[ "$1 $2 $3" = "-m pip install" ] || exit 2
for a in "$@"; do src=$a; done
src=${src%%[*}
[ -f "$src/pyproject.toml" ] || { echo "stub pip: no project at $src" >&2; exit 2; }
mkdir -p "$src/build/lib" "$src/piquet_table.egg-info"  # setuptools builds in place
cache=${PIP_CACHE_DIR:-$HOME/.cache/pip}
mkdir -p "$cache/http" && echo wheel > "$cache/http/piquet"
echo build > "$(mktemp "${TMPDIR:-/tmp}/pip-build-XXXXXX")"
mkdir -p "$HOME/.rustup" && echo 'version = "12"' > "$HOME/.rustup/settings.toml"  # a build tool's
here=$(dirname "$0")
printf '#!/bin/sh\necho piquet "$@"\n' > "$here/piquet"
chmod 755 "$here/piquet"
EOF
chmod 755 "$3/bin/python"
"""

STUB_SYSTEMCTL = r"""#!/bin/sh
echo "systemctl $*" >> "$STUB_LOG"
case " $* " in
  *" --root="*) exec "$REAL_SYSTEMCTL" "$@" ;;
esac
echo "stub: refusing systemctl without --root" >&2
exit 1
"""


@dataclass
class FakeMachine:
    root: Path
    bin: Path
    state: Path
    log: Path

    @property
    def home(self) -> Path:
        """$HOME and $TMPDIR of the installer: outside the root, so left empty."""
        return self.state.parent / "home"

    @property
    def tmp(self) -> Path:
        return self.state.parent / "tmp"

    def env(self, **extra: str) -> dict[str, str]:
        env = dict(
            os.environ,
            PATH=f"{self.bin}:{os.environ['PATH']}",
            HOME=str(self.home),
            TMPDIR=str(self.tmp),
            STUB_LOG=str(self.log),
            STUB_STATE=str(self.state),
            REAL_SYSTEMCTL=shutil.which("systemctl") or "",
            SYSTEMD_OFFLINE="1",
        )
        env.pop("PYTHON", None)
        env.update(extra)
        return env

    def install(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(INSTALLER), "--root", str(self.root), *args],
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=300,
        )

    def log_lines(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []

    def snapshot(self) -> dict[str, str]:
        """Every path under the root: its kind, mode and content (or link target)."""
        seen = {}
        for path in sorted(self.root.rglob("*")):
            rel = str(path.relative_to(self.root))
            if rel.startswith("usr/lib/systemd/system/"):
                continue  # the host's units, copied for systemctl and systemd-analyze
            mode = oct(path.lstat().st_mode & 0o7777)
            if path.is_symlink():
                seen[rel] = f"link {os.readlink(path)}"
            elif path.is_dir():
                seen[rel] = f"dir {mode}"
            else:
                seen[rel] = f"file {mode} {hashlib.sha256(path.read_bytes()).hexdigest()}"
        return seen


PI4 = "Raspberry Pi 4 Model B Rev 1.5"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"


def set_model(root: Path, model: str | None) -> None:
    """The device tree's model, as the kernel shows it (NUL-terminated)."""
    path = root / "proc" / "device-tree" / "model"
    if model is None:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(model.encode() + b"\0")


def fake_machine(
    tmp: Path, display: str | None = "720x1280", model: str | None = PI4
) -> FakeMachine:
    root, bin_dir, state = tmp / "root", tmp / "bin", tmp / "state"
    for folder in (root / "etc", root / "boot" / "firmware", bin_dir, state):
        folder.mkdir(parents=True)
    (tmp / "home").mkdir()
    (tmp / "tmp").mkdir()
    set_model(root, model)
    (root / "etc" / "passwd").write_text(PASSWD)
    (root / "etc" / "group").write_text(GROUP)
    (root / "etc" / "debian_version").write_text("12.8\n")
    (root / "boot" / "firmware" / "cmdline.txt").write_text(CMDLINE)
    (root / "boot" / "firmware" / "config.txt").write_text(CONFIG_TXT)
    if display:
        drm = root / "sys" / "class" / "drm" / "card1-DSI-1"
        drm.mkdir(parents=True)
        (drm / "modes").write_text(f"{display}\n")
    host_units = Path("/usr/lib/systemd/system")
    if host_units.is_dir():  # what systemctl --root and systemd-analyze --root look up
        shutil.copytree(host_units, root / "usr" / "lib" / "systemd" / "system", symlinks=True)
    stubs = {
        "apt-get": STUB_APT,
        "dpkg-query": STUB_DPKG_QUERY,
        "python3": STUB_PYTHON,
        "systemctl": STUB_SYSTEMCTL,
        "pip": STUB_PIP,
        "pip3": STUB_PIP,
    }
    for name in ("groupadd", "useradd", "usermod", "userdel", "groupdel"):
        stubs[name] = STUB_USERS
    for name, text in stubs.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return FakeMachine(root, bin_dir, state, tmp / "stub.log")
