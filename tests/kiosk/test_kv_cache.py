"""The .kv files' compiled expressions kept between loads (kiosk.kv_cache, issue 25):
a file loaded again takes them from its cache and builds the same widgets; an
edited, damaged or foreign cache, or a folder that cannot be written, costs only
the compiling."""

from __future__ import annotations

from pathlib import Path

import pytest

KV = """
#:import escape kivy.utils.escape_markup
<CachedBadge@Label>:
    seen: 0
    size_hint: None, None
    width: 100 + 10 * self.seen
    height: 40
    text: escape("seen [{}]".format(self.seen))
    on_seen: self.color = (1, 0, 0, 1) if self.seen > 2 else (1, 1, 1, 1)
    canvas.before:
        Color:
            rgba: 0, 0, 1, 0.25
        Rectangle:
            pos: self.pos
            size: self.size[0], self.size[1] / 2
"""
EXPRESSIONS = 9  # the properties, the handler and the canvas's values above


@pytest.fixture
def kv_file(app, tmp_path: Path, monkeypatch):
    """A .kv file of its own in a fresh folder, the user's cache folder another;
    its rules unloaded afterwards."""
    from kivy.lang import Builder

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    (tmp_path / "kv").mkdir()
    path = tmp_path / "kv" / "badge.kv"
    path.write_text(KV, encoding="utf-8")
    yield path
    Builder.unload_file(str(path))


def load(path: Path) -> int:
    from kivy.lang import Builder

    from kiosk.kv_cache import load_kv_file

    Builder.unload_file(str(path))
    return load_kv_file(path)


def badge_after(seen: int) -> tuple[str, list[float], tuple[float, ...], list[float]]:
    """What a badge built from the rules shows once `seen` is set: its text, its
    text's colour, its background's colour and size (the watched keys at work)."""
    from kivy.factory import Factory
    from kivy.graphics import Color, Rectangle
    from kivy.lang import Builder

    badge = Factory.CachedBadge()
    badge.seen = seen
    Builder.sync()  # the canvas's values, set before the next frame
    colour = next(i for i in badge.canvas.before.children if isinstance(i, Color))
    box = next(i for i in badge.canvas.before.children if isinstance(i, Rectangle))
    return badge.text, list(badge.color), tuple(colour.rgba), list(box.size)


def test_a_file_loaded_again_compiles_nothing_and_builds_the_same(kv_file: Path) -> None:
    from kiosk.kv_cache import cache_paths

    assert load(kv_file) == EXPRESSIONS
    assert cache_paths(kv_file)[0].is_file()
    compiled = [badge_after(seen) for seen in (1, 3)]
    written = cache_paths(kv_file)[0].stat().st_mtime_ns
    assert load(kv_file) == 0
    assert [badge_after(seen) for seen in (1, 3)] == compiled
    assert compiled[1] == ("seen &bl;3&br;", [1, 0, 0, 1], (0, 0, 1, 0.25), [130, 20])
    assert cache_paths(kv_file)[0].stat().st_mtime_ns == written  # nothing new to keep


def test_an_edited_file_compiles_only_what_changed(kv_file: Path) -> None:
    load(kv_file)
    kv_file.write_text(KV.replace("100 + 10", "150 + 10"), encoding="utf-8")  # one line
    assert load(kv_file) == 1
    assert load(kv_file) == 0
    assert badge_after(3)[3] == [180, 20]


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", "truncated", "flipped", "foreign"])
def test_a_damaged_or_foreign_cache_is_compiled_afresh(kv_file: Path, damage) -> None:
    import marshal

    from kiosk.kv_cache import cache_paths

    load(kv_file)
    kept = cache_paths(kv_file)[0].read_bytes()
    if damage == "truncated":
        damage = kept[: len(kept) // 2]
    elif damage == "flipped":  # one bit of a damaged card, in the middle of the code kept
        middle = len(kept) // 2
        damage = kept[:middle] + bytes([kept[middle] ^ 0x10]) + kept[middle + 1 :]
    elif damage == "foreign":  # another checkout's: the same expressions, another path
        header, checksum, used = marshal.loads(kept)
        damage = marshal.dumps(((header[0], header[1], "/elsewhere/badge.kv"), checksum, used))
    cache_paths(kv_file)[0].write_bytes(damage)
    assert load(kv_file) == EXPRESSIONS
    assert badge_after(3) == ("seen &bl;3&br;", [1, 0, 0, 1], (0, 0, 1, 0.25), [130, 20])
    assert load(kv_file) == 0  # written again


def test_where_the_folder_cannot_be_written_the_users_cache_keeps_it(kv_file: Path) -> None:
    """The appliance's service cannot write beside its install: the user's cache
    folder keeps the file's expressions, under its own path."""
    from kiosk.kv_cache import cache_paths

    (kv_file.parent / "__pycache__").write_text("not a folder", encoding="utf-8")
    assert load(kv_file) == EXPRESSIONS
    beside, users = cache_paths(kv_file)
    mirrored = Path(*kv_file.parent.parts[1:], beside.name)
    assert users == kv_file.parent.parent / "user-cache" / "piquet-table-kv" / mirrored
    assert users.is_file() and not beside.exists()
    assert load(kv_file) == 0
    assert badge_after(3)[0] == "seen &bl;3&br;"


def test_where_nothing_can_be_written_nothing_is_kept_and_no_error(kv_file, monkeypatch):
    """As root (CI), a folder's mode does not stop a write: a file where each
    cache folder would be does."""
    (kv_file.parent / "__pycache__").write_text("not a folder", encoding="utf-8")
    (kv_file.parent / "no-cache").write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(kv_file.parent / "no-cache"))
    assert load(kv_file) == EXPRESSIONS
    assert load(kv_file) == EXPRESSIONS
    assert badge_after(1)[0] == "seen &bl;1&br;"
    assert sorted(p.name for p in kv_file.parent.iterdir()) == [
        "__pycache__",
        "badge.kv",
        "no-cache",
    ]


def test_the_kiosk_screens_load_from_their_cache(app) -> None:
    """Every screen's file, loaded twice, the second time compiles nothing."""
    from kiosk.app import KV_DIR

    for path in sorted(KV_DIR.glob("*.kv")):
        load(path)
        assert load(path) == 0, path.name
