"""`piquet print` (piquet/print_command.py) as a user runs it: a subprocess
printing to the pty fake printer."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """A config file with no print-head wait, so the run takes only the line time."""
    config = tmp_path / "config" / "piquet-table"
    config.mkdir(parents=True)
    (config / "config.toml").write_text(
        "[printer]\nline_time_ms = 0\nstatus_timeout_s = 0.3\nready_wait_s = 0.5\n",
        encoding="utf-8",
    )
    import os

    return {
        **os.environ,
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }


def piquet(
    *args: str, env: dict[str, str], stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "piquet", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def josephine(example) -> dict[str, Any]:
    record = copy.deepcopy(example("seed002-josephine.json"))
    record["players"] = ["Napoléon", "Joséphine"]
    record["first_dealer"] = "Joséphine"
    return record


def write_record(tmp_path: Path, record: dict[str, Any]) -> Path:
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return path


def print_in_french(tmp_path, env, fake_printer, example) -> subprocess.CompletedProcess[str]:
    """`piquet print` of Joséphine's partie in a French terminal."""
    french = {k: v for k, v in env.items() if not k.startswith(("LC_", "LANG"))}
    return piquet(
        "print",
        str(write_record(tmp_path, josephine(example))),
        "--port",
        fake_printer.port,
        env={**french, "LANG": "fr_FR.UTF-8"},
    )


def test_prints_an_accented_partie_legibly_in_32_columns(
    tmp_path, env, fake_printer, example, decode
) -> None:
    path = write_record(tmp_path, josephine(example))
    run = piquet(
        "print",
        str(path),
        "--port",
        fake_printer.port,
        "--baud",
        "19200",
        "--columns",
        "32",
        env=env,
    )
    assert (run.returncode, run.stderr) == (0, "")
    lines = decode(fake_printer.received(at_least=400))
    assert all(len(line) <= 32 for line in lines)
    assert "Napoléon v. Joséphine" in lines
    assert "Total          93           154" in lines
    assert lines[lines.index("Joséphine wins 347") + 1 :][:2] == [
        "Napoléon is rubiconed:",
        "154 + 93 + 100 = 347",
    ]


def test_prints_from_the_journal(tmp_path, env, fake_printer, example, decode) -> None:
    from journal import Journal

    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        partie = journal.import_record(example("seed000-margin.json"))
    run = piquet(
        "print",
        "--db",
        str(db),
        "--partie",
        str(partie),
        "--port",
        fake_printer.port,
        "--columns",
        "48",
        env=env,
    )
    assert (run.returncode, run.stderr) == (0, "")
    lines = decode(fake_printer.received(at_least=400))
    assert "A wins 109 = 128 - 119 + 100" in lines
    assert all(len(line) <= 48 for line in lines)


def test_a_missing_port_fails_quickly_with_a_message(tmp_path, env, example) -> None:
    path = write_record(tmp_path, josephine(example))
    started = time.monotonic()
    run = piquet("print", str(path), "--port", str(tmp_path / "ttyUSB9"), env=env)
    assert time.monotonic() - started < 10
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1
    assert "ttyUSB9" in run.stderr


def test_paper_out_says_nothing_was_printed_and_keeps_nothing(
    tmp_path, env, fake_printer, example
) -> None:
    fake_printer.paper = False
    run = piquet(
        "print",
        str(write_record(tmp_path, josephine(example))),
        "--port",
        fake_printer.port,
        env=env,
    )
    assert run.returncode == 2
    assert run.stderr == (
        "piquet print: Nothing was printed. The printer is out of paper: "
        "load a roll. Then run the command again.\n"
    )
    assert (
        fake_printer.received(timeout=0.1)
        .replace(b"\x10\x04\x01", b"")
        .replace(b"\x10\x04\x04", b"")
        == b""
    )  # the status questions only


def test_a_french_terminal_reads_the_printers_news_in_french(
    tmp_path, env, fake_printer, example
) -> None:
    fake_printer.paper = False
    run = print_in_french(tmp_path, env, fake_printer, example)
    assert run.returncode == 2
    assert run.stderr == (
        "piquet print: Rien n'a été imprimé. L'imprimante n'a plus de papier\u202f: "
        "mettez un rouleau. Puis relancez la commande.\n"
    )


def test_a_silent_printer_exits_2(tmp_path, env, fake_printer, example) -> None:
    fake_printer.silent = True
    run = piquet(
        "print",
        str(write_record(tmp_path, josephine(example))),
        "--port",
        fake_printer.port,
        env=env,
    )
    assert run.returncode == 2
    assert run.stderr == (
        f"piquet print: Nothing was printed. The printer does not answer on {fake_printer.port}: "
        "check that it is switched on, plugged in and wired to that port. Then run the "
        "command again.\n"
    )
    assert "kept" not in run.stderr


def test_a_printer_just_switched_on_prints_the_whole_sheet(
    tmp_path, env, fake_printer, example, decode
) -> None:
    path = write_record(tmp_path, josephine(example))
    config = Path(env["XDG_CONFIG_HOME"]) / "piquet-table" / "config.toml"
    config.write_text("[printer]\nline_time_ms = 0\nready_wait_s = 3\n", encoding="utf-8")
    fake_printer.power_on(0.8)  # the command starts while the printer is still waking
    run = piquet("print", str(path), "--port", fake_printer.port, env=env)
    assert (run.returncode, run.stderr) == (0, "")
    assert fake_printer.lost.replace(b"\x10\x04\x01", b"") == b""  # only questions lost
    lines = decode(fake_printer.received(at_least=400))
    assert lines[0] == "Rubicon Piquet" and "Joséphine wins 347" in lines


def test_a_pins_problem_does_not_stop_printing(tmp_path, env, fake_printer, example) -> None:
    config = Path(env["XDG_CONFIG_HOME"]) / "piquet-table" / "config.toml"
    config.write_bytes(
        b"[pins]\nseat_a = 99\n# caf\xe9\n[display]\nrotation = 7\n[printer]\nline_time_ms = 0\n"
    )
    run = piquet(
        "print",
        str(write_record(tmp_path, josephine(example))),
        "--port",
        fake_printer.port,
        env=env,
    )
    assert (run.returncode, run.stderr) == (0, "")
    assert b"Jos" in fake_printer.received(at_least=400)


def test_a_printer_problem_in_the_config_is_named_with_its_line(
    tmp_path, env, fake_printer, example
) -> None:
    config = Path(env["XDG_CONFIG_HOME"]) / "piquet-table" / "config.toml"
    config.write_text('[printer]\nline_time_ms = 0\ncodepage = "latin1"\n', encoding="utf-8")
    run = piquet(
        "print",
        str(write_record(tmp_path, josephine(example))),
        "--port",
        fake_printer.port,
        env=env,
    )
    assert run.returncode == 2
    assert run.stderr.startswith(
        f"piquet print: Settings file {config}, line 3: "
        "printer.codepage must be one of cp437, cp850, cp858, cp1252, not "
        '"latin1".'
    )
    assert "Traceback" not in run.stderr
    assert fake_printer.received(timeout=0.1) == b""
    run = print_in_french(tmp_path, env, fake_printer, example)
    assert run.returncode == 2
    assert run.stderr.startswith(
        f"piquet print: Fichier de réglages {config}, ligne 3\u202f: "
        "printer.codepage doit valoir cp437, cp850, cp858, cp1252, pas "
        '"latin1".'
    )


def test_an_invalid_record_is_not_printed(tmp_path, env, fake_printer, example) -> None:
    record = josephine(example)
    record["first_dealer"] = "C"
    run = piquet("print", str(write_record(tmp_path, record)), "--port", fake_printer.port, env=env)
    assert run.returncode == 2
    assert run.stderr.startswith("record: ")
    assert "first_dealer" in run.stderr
    assert fake_printer.received(timeout=0.2) == b""


@pytest.mark.parametrize("args", [[], ["partie.json", "--db", "j.sqlite3"]])
def test_record_or_db_but_not_both(tmp_path, env, args: list[str]) -> None:
    run = piquet("print", *args, "--port", str(tmp_path / "tty"), env=env)
    assert run.returncode == 2
    assert "either RECORD.json or --db" in run.stderr


def test_unreadable_record_file(tmp_path, env) -> None:
    run = piquet("print", str(tmp_path / "nope.json"), "--port", "/dev/null", env=env)
    assert run.returncode == 2
    assert "cannot read" in run.stderr


def test_a_printer_lost_mid_sheet_says_the_sheet_may_be_incomplete(
    tmp_path, env, fake_printer, example
) -> None:
    fake_printer.vanish_after = 60
    run = piquet(
        "print",
        str(write_record(tmp_path, josephine(example))),
        "--port",
        fake_printer.port,
        env=env,
    )
    assert run.returncode == 2
    assert run.stderr == (
        "piquet print: The score sheet may be incomplete. The printer was "
        "disconnected while printing: check its cable. Then run the command "
        "again.\n"
    )


def test_print_reads_input_as_score_does_and_creates_no_journal(tmp_path, env) -> None:
    """Hostile input is refused in words, and a missing journal is not made."""
    missing = tmp_path / "nowhere" / "journal.sqlite3"
    run = piquet("print", "--db", str(missing), "--port", "/dev/null", env=env)
    assert run.returncode == 2 and "no journal" in run.stderr and "Traceback" not in run.stderr
    assert not missing.exists() and not missing.parent.exists()
    run = piquet("print", "-", "--port", "/dev/null", env=env, stdin="[" * 5000 + "]" * 5000)
    assert run.returncode == 2 and "Traceback" not in run.stderr and run.stdout == ""
    assert "deep" in run.stderr or "nest" in run.stderr


def test_without_port_the_settings_files_port_is_used(
    tmp_path, env, fake_printer, example, decode
) -> None:
    """The appliance's config names the Pi model's UART (the installer writes it):
    `piquet print` without --port prints there."""
    config = Path(env["XDG_CONFIG_HOME"]) / "piquet-table" / "config.toml"
    config.write_text(
        f'[printer]\nport = "{fake_printer.port}"\nline_time_ms = 0\n', encoding="utf-8"
    )
    run = piquet("print", str(write_record(tmp_path, josephine(example))), env=env)
    assert (run.returncode, run.stderr) == (0, "")
    assert "Joséphine wins 347" in decode(fake_printer.received(at_least=400))


def test_a_silent_printer_on_the_settings_port_is_named(
    tmp_path, env, fake_printer, example
) -> None:
    fake_printer.silent = True
    config = Path(env["XDG_CONFIG_HOME"]) / "piquet-table" / "config.toml"
    config.write_text(
        f'[printer]\nport = "{fake_printer.port}"\nstatus_timeout_s = 0.3\nready_wait_s = 0.5\n',
        encoding="utf-8",
    )
    run = piquet("print", str(write_record(tmp_path, josephine(example))), env=env)
    assert run.returncode == 2
    assert f"The printer does not answer on {fake_printer.port}: " in run.stderr


def test_lang_fr_prints_the_sheet_in_french_with_its_accents(
    tmp_path, env, fake_printer, example, decode
) -> None:
    path = write_record(tmp_path, josephine(example))
    run = piquet("print", str(path), "--port", fake_printer.port, "--lang", "fr", env=env)
    assert (run.returncode, run.stderr) == (0, "")
    data = fake_printer.received(at_least=400)
    assert b"Piquet \x85 rubicon\n" in data  # CP858: à 0x85
    assert b"Napol\x82on contre Jos\x82phine\n" in data  # é 0x82
    lines = decode(data)
    assert lines[lines.index("Joséphine gagne 347") + 1 :][:2] == [
        "Napoléon reste sous le Rubicon :",
        "154 + 93 + 100 = 347",
    ]
    assert " #  donne   total donne   total" in lines
    assert "Totaux, donne par donne (| 100)" in lines


def test_a_record_file_prints_in_english_without_lang(
    tmp_path, env, fake_printer, example, decode
) -> None:
    """A record has no field for its language (spec/record.md): English."""
    path = write_record(tmp_path, josephine(example))
    run = piquet("print", str(path), "--port", fake_printer.port, env=env)
    assert (run.returncode, run.stderr) == (0, "")
    lines = decode(fake_printer.received(at_least=400))
    assert lines[0] == "Rubicon Piquet"
    assert "Joséphine wins 347" in lines


def _journal_with_a_french_table(tmp_path: Path, example) -> tuple[Path, int]:
    """A journal whose kiosk shows French: its side file, as the kiosk writes it."""
    from journal import Journal
    from kiosk.session import KioskState

    db = tmp_path / "journal.sqlite3"
    with Journal.open(db) as journal:
        partie = journal.import_record(example("seed000-margin.json"))
    state = KioskState(db.with_name(db.name + ".kiosk.json"))
    state.data["lang"] = "fr"
    state.save()
    return db, partie


def test_a_partie_from_the_journal_prints_in_the_tables_language(
    tmp_path, env, fake_printer, example, decode
) -> None:
    db, partie = _journal_with_a_french_table(tmp_path, example)
    args = ["print", "--db", str(db), "--partie", str(partie), "--port", fake_printer.port]
    run = piquet(*args, env=env)
    assert (run.returncode, run.stderr) == (0, "")
    lines = decode(fake_printer.received(at_least=400))
    assert lines[0] == "Piquet à rubicon"
    assert "A gagne 109 = 128 - 119 + 100" in lines


def test_lang_en_overrides_the_tables_language(
    tmp_path, env, fake_printer, example, decode
) -> None:
    db, partie = _journal_with_a_french_table(tmp_path, example)
    args = ["print", "--db", str(db), "--partie", str(partie), "--port", fake_printer.port]
    run = piquet(*args, "--lang", "en", env=env)
    assert (run.returncode, run.stderr) == (0, "")
    lines = decode(fake_printer.received(at_least=400))
    assert lines[0] == "Rubicon Piquet"
    assert "A wins 109 = 128 - 119 + 100" in lines


def test_an_unknown_lang_is_bad_usage_and_prints_nothing(
    tmp_path, env, fake_printer, example
) -> None:
    path = write_record(tmp_path, josephine(example))
    run = piquet("print", str(path), "--port", fake_printer.port, "--lang", "de", env=env)
    assert run.returncode == 2
    assert "--lang" in run.stderr and "'de'" in run.stderr
    assert fake_printer.received(timeout=0.2) == b""


def test_a_french_sheet_on_a_wpc1252_printer(tmp_path, env, fake_printer, example, decode) -> None:
    """With printer.codepage = "cp1252" the sheet selects WPC1252 (ESC t 16) and
    its letters are that page's bytes."""
    config = Path(env["XDG_CONFIG_HOME"]) / "piquet-table" / "config.toml"
    config.write_text(
        '[printer]\nline_time_ms = 0\nstatus_timeout_s = 0.3\ncodepage = "cp1252"\n',
        encoding="utf-8",
    )
    path = write_record(tmp_path, josephine(example))
    run = piquet("print", str(path), "--port", fake_printer.port, "--lang", "fr", env=env)
    assert (run.returncode, run.stderr) == (0, "")
    data = fake_printer.received(at_least=400)
    assert b"\x1bt\x10" in data  # ESC t 16: WPC1252
    assert b"Piquet \xe0 rubicon\n" in data  # à 0xE0
    assert b"Napol\xe9on contre Jos\xe9phine\n" in data  # é 0xE9
    lines = decode(data, "cp1252")
    assert "Premier donneur : Joséphine" in lines
    assert "Joséphine gagne 347" in lines
