"""USB sticks for exporting a partie at the kiosk (Kivy-free).

A stick is a mounted file system under one of the usual automount places
(`/media/<user>/<label>`, `/media/<label>`, `/run/media/<user>/<label>`,
`/mnt/<name>`), as the kernel lists it in `/proc/mounts`. `root` lets tests
(and a chroot) put that whole tree elsewhere.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from scorer.frozen import frozen

MOUNT_PLACES = ("/media/", "/run/media/", "/mnt/")


@frozen
class Stick:
    path: Path  # where it is mounted (under `root`)
    label: str  # the name a player sees on the stick (its mount folder's name)


def _unescape(field: str) -> str:
    """/proc/mounts writes a space as \\040 (and tab, newline, backslash likewise)."""
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def usb_sticks(root: Path = Path("/")) -> list[Stick]:
    """The writable sticks mounted now, in the order the kernel lists them."""
    try:
        text = (root / "proc" / "mounts").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    sticks = []
    for line in text.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        mount, options = _unescape(fields[1]), fields[3].split(",")
        if not mount.startswith(MOUNT_PLACES) or "ro" in options:
            continue
        path = root / mount.lstrip("/")
        if path.is_dir() and os.access(path, os.W_OK):
            sticks.append(Stick(path, path.name))
    return sticks


def safe_file_name(text: str) -> str:
    """Letters, digits, - and _ only (FAT sticks refuse many characters)."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "partie"


def write_file(path: Path, data: str | bytes) -> None:
    """Write and flush to the stick, so that it may be pulled out at once (text as
    UTF-8; bytes as they are, e.g. CSV with its CRLF line ends)."""
    with open(path, "wb") as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)
        f.flush()
        os.fsync(f.fileno())
