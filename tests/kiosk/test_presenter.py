"""The kiosk presenter without Kivy: every screen change and every action."""

from __future__ import annotations

import json
import random
import re

import pytest

from journal import Journal
from kiosk import presenter as pm
from kiosk.presenter import KioskState, Presenter
from scorer import score_record


def fresh(tmp_path=None, **kw) -> Presenter:
    return Presenter(Journal.open(":memory:"), **kw)


def type_name(p: Presenter, name: str) -> None:
    for ch in name:
        p.type_key(ch.upper())


def start(p: Presenter, names=("Anne", "Bruno"), dealer=1, quick=False, game="rubicon"):
    p.new_partie()
    p.edit_name(0)
    type_name(p, names[0])
    p.edit_name(1)
    type_name(p, names[1])
    p.names_done()
    p.set_game(game)
    p.rules_done()
    p.set_first_dealer(dealer)
    if quick:
        p.toggle_quick()
    p.start_partie()


def test_no_partie_starts_at_home_without_resume():
    p = fresh()
    assert p.screen == pm.HOME
    assert p.view()["has_current"] is False
    assert p.view()["can_undo"] is False


def test_typed_names_are_capitalised_and_checked():
    p = fresh()
    p.new_partie()
    assert p.screen == pm.NEW_NAMES
    for ch in "ANNE":
        p.type_key(ch)
    assert p.view()["names"] == ["Anne", ""]
    p.backspace()
    assert p.view()["names"] == ["Ann", ""]
    p.names_done()
    assert p.screen == pm.NEW_NAMES and p.message  # the second name is missing
    p.edit_name(1)
    type_name(p, "Ann")
    p.names_done()
    assert p.screen == pm.NEW_NAMES and p.message  # the same name twice
    p.backspace()
    p.names_done()
    assert p.screen == pm.NEW_RULES
    assert p.view()["names"] == ["Ann", "An"]


def test_new_partie_opens_the_first_deal_with_the_engines_elder():
    p = fresh()
    start(p, dealer=1)
    assert p.screen == pm.DEAL
    record = p.journal.record()
    assert record["players"] == ["Anne", "Bruno"]
    assert record["first_dealer"] == "Bruno"
    elder = score_record({**record, "deals": [{}]})["deals"][0]["elder"]
    header = p.view()["header"]
    assert header["names"] == ["Anne", "Bruno"]
    assert header["tags"][header["names"].index(elder)] == "(elder)"
    assert header["tags"][header["names"].index("Bruno")] == "(younger, deals)"


def test_start_needs_a_first_dealer_and_cut_uses_the_rng():
    p = fresh(rng=random.Random(4))
    p.new_partie()
    type_name(p, "Anne")
    p.edit_name(1)
    type_name(p, "Bruno")
    p.names_done()
    p.rules_done()
    p.start_partie()
    assert p.screen == pm.NEW_START and p.message
    expected = random.Random(4).randrange(2)
    p.cut_for_deal()
    v = p.view()
    assert v["first_dealer"] == expected
    assert ["Anne", "Bruno"][expected] in v["dealer_text"]
    p.start_partie()
    assert p.journal.record()["first_dealer"] == ["Anne", "Bruno"][expected]


def test_every_house_rule_shows_its_state_and_its_meaning_when_tapped():
    from kiosk.screens.new_partie import VARIANT_HELP

    p = fresh()
    p.new_partie()
    type_name(p, "A")
    p.edit_name(1)
    type_name(p, "B")
    p.names_done()
    p.set_game("au-cent")
    labels = {x["key"]: x["label"] for x in p.view()["variants"]}
    assert labels["void_suit_point"] == "Void-suit point: off"
    assert all(label.endswith((": off", ": standard")) for label in labels.values())
    default_help = p.view()["help"]
    p.toggle_variant("void_suit_point")
    v = p.view()
    assert {x["key"]: x["label"] for x in v["variants"]}["void_suit_point"] == "Void-suit point: on"
    assert v["help"] == VARIANT_HELP["void_suit_point"] != default_help
    p.rules_done()
    p.toggle_quick()
    assert p.view()["quick_label"] == "Quick mode: on"
    assert p.view()["quick_help"] == VARIANT_HELP["quick"]
    p.set_first_dealer(1)
    assert p.view()["dealer_text"] == "B deals first."


def test_variants_cycle_through_the_spec_values_and_reach_the_record():
    p = fresh()
    p.new_partie()
    type_name(p, "A")
    p.edit_name(1)
    type_name(p, "B")
    p.names_done()
    p.toggle_variant("trick_count")
    p.toggle_variant("carte_rouge")
    p.toggle_variant("carte_rouge")
    p.toggle_variant("sets_without_tens")
    p.set_game("four-deal")
    p.rules_done()
    p.set_first_dealer(0)
    p.start_partie()
    record = p.journal.record()
    assert record["game"] == "four-deal"
    assert record["variants"] == {
        "trick_count": pm.TRICK_COUNTS[1],
        "carte_rouge": pm.CARTE_ROUGE_VALUES[2],
        "sets_without_tens": True,
    }


def test_recent_names_come_from_the_history():
    p = fresh()
    start(p, names=("Anne", "Bruno"))
    p.new_partie()
    assert p.view()["recent"] == ["Anne", "Bruno"]
    p.pick_name("Bruno")
    assert p.view()["names"] == ["Bruno", ""]
    assert p.view()["editing"] == 1
    assert p.view()["recent"] == ["Anne"]


def enter(p: Presenter, elder: int, younger: int) -> None:
    first = p.view()["elder_field"]  # the boxes are in the players' order
    p.quick_field(first)
    for d in str(elder):
        p.quick_digit(d)
    p.quick_field(1 - first)
    for d in str(younger):
        p.quick_digit(d)
    p.quick_enter()


def test_quick_mode_six_deals_ends_on_the_engines_rubicon_settlement():
    p = fresh()
    start(p, quick=True)
    assert p.screen == pm.QUICK
    deals = [(30, 12), (20, 40), (25, 5), (18, 9), (40, 0), (11, 15)]
    for i, (e, y) in enumerate(deals):
        assert p.screen == pm.QUICK
        assert p.view()["prompt"].startswith(f"Deal {i + 1}:")
        enter(p, e, y)
    assert p.screen == pm.SHEET
    score = score_record(p.journal.record())
    assert score["finished"]
    v = p.view()
    assert v["totals"] == [str(score["totals"]["Anne"]), str(score["totals"]["Bruno"])]
    assert len(v["rows"]) == 6
    result = score["result"]
    winner = result["winner"]
    loser = "Bruno" if winner == "Anne" else "Anne"
    w, lo, points = score["totals"][winner], score["totals"][loser], result["points"]
    assert v["settlement"].startswith(f"{winner} wins {points}")
    if result["rubicon"]:
        assert v["settlement"].endswith(f"{loser} is rubiconed: {w} + {lo} + 100 = {points}")
        assert w + lo + 100 == points
    else:
        assert v["settlement"] == f"{winner} wins {points} = {w} - {lo} + 100"


def test_quick_mode_boxes_keep_the_players_order_and_the_elder_tag_moves():
    p = fresh()
    start(p, quick=True)
    players = score_record(p.journal.record())["players"]
    seen = []
    for e, y in [(30, 12), (20, 40), (25, 5)]:
        v = p.view()
        assert [label.split(" (")[0] for label in v["labels"]] == players
        elder = players[v["elder_field"]]
        assert v["labels"][v["elder_field"]] == f"{elder} (elder)"
        seen.append(elder)
        enter(p, e, y)
        deal = score_record(p.journal.record())["deals"][-1]
        assert deal["elder"] == elder  # the engine's elder is the tagged box
        assert deal["scores"] == {elder: e, deal["younger"]: y}
    assert seen[0] != seen[1] and seen[0] == seen[2]


def test_quick_mode_refuses_an_impossible_total_and_keeps_the_journal():
    p = fresh()
    start(p, quick=True)
    before = p.journal.actions()
    enter(p, 300, 12)  # three digits at most: 300 is typed, the engine refuses it
    assert p.screen == pm.QUICK
    assert p.message == "Anne's total cannot be 300: a deal scores 0 to 173."
    assert p.journal.actions() == before


def test_quick_mode_needs_both_totals():
    p = fresh()
    start(p, quick=True)
    before = p.journal.actions()
    p.quick_enter()
    assert p.message and p.journal.actions() == before  # nothing typed
    p.quick_digit("5")
    p.quick_enter()  # Enter in the first box moves on to the second
    assert p.quick_entry.field == 1 and not p.message and p.journal.actions() == before


def test_undo_and_redo_walk_back_to_the_start_of_the_partie():
    p = fresh()
    start(p, quick=True)
    enter(p, 30, 12)
    enter(p, 20, 40)
    totals = p.view()["header"]["totals"]
    rows = p.view()["rows"]
    p.undo()  # one tap undoes one Enter (next_deal and entered)
    assert p.view()["rows"] == rows[:1]
    assert p.view()["prompt"].startswith("Deal 2:")
    p.redo()
    assert p.view()["rows"] == rows
    n = len(p.journal.actions())
    for _ in range(n):
        p.undo()
    assert p.journal.actions() == []
    assert p.view()["header"]["totals"] == ["0", "0"]
    p.undo()
    assert p.message == "Nothing to undo."
    for _ in range(n):
        p.redo()
    assert p.view()["header"]["totals"] == totals
    assert len(p.journal.actions()) == n
    assert not p.can_redo()


def test_end_of_deal_lists_the_engines_lines_then_next_deal():
    p = fresh()
    start(p)
    p.act({"entered": {"elder": 33, "younger": 7}})
    assert p.screen == pm.END_OF_DEAL
    v = p.view()
    deal = score_record(p.journal.record())["deals"][0]
    assert [(x["player"], x["points"], x["why"]) for x in v["lines"]] == [
        (x["player"], str(x["points"]), x["why"]) for x in deal["lines"]
    ]
    p.next_deal()
    assert p.screen == pm.DEAL
    assert p.view()["header"]["title"].startswith("Deal 2")


def test_an_illegal_action_shows_the_engines_message_and_changes_nothing():
    p = fresh()
    start(p)
    p.next_deal()  # the first deal is not complete
    assert p.screen == pm.DEAL
    assert p.message
    assert p.journal.actions() == []


def test_a_refusal_shows_in_the_tables_language():
    p = fresh()
    start(p)
    p.next_deal()  # refused by the engine: the first deal is not complete
    english = p.message
    assert english == (
        "Deal 1 is not complete: it needs 12 tricks, a throw-in or entered totals, "
        "and has 0 tricks."
    )
    p.set_lang("fr")
    p.next_deal()
    assert p.message == (
        "La donne 1 n\u2019est pas complète\u202f: il lui faut 12 plis, un abandon ou des "
        "totaux saisis, et elle a 0 pli."
    )
    assert p.journal.actions() == []


def test_a_sentence_loses_its_place_in_either_language():
    from kiosk.i18n import Translator, sentence
    from scorer.errors import ActionError, Said

    error = ActionError(Said("deal {n}: {what} after the first trick", n=3, what="a sketch"))
    assert sentence(error) == "A sketch after the first trick."
    # "donne 3 : " (a narrow no-break space before the colon) goes as "deal 3: " does
    assert sentence(error, Translator("fr")) == "A sketch après le premier pli."
    # a sentence with no French yet stays whole in English
    assert sentence(ActionError("deal 2: not yet said"), Translator("fr")) == "Not yet said."


def test_language_switch_rewords_the_screen_and_the_engines_why(tmp_path):
    state = KioskState(tmp_path / "k.json")
    p = Presenter(Journal.open(":memory:"), state=state)
    start(p)
    p.act({"entered": {"elder": 33, "younger": 7}})
    english = p.view()
    p.set_lang("fr")
    french = p.view()
    assert french["header"]["title"].startswith("Donne 1")
    assert french["header"]["totals"] == english["header"]["totals"]
    fr_deal = score_record(p.journal.record(), "fr")["deals"][0]
    assert [x["why"] for x in french["lines"]] == [x["why"] for x in fr_deal["lines"]]
    assert json.loads((tmp_path / "k.json").read_text())["lang"] == "fr"
    again = Presenter(Journal.open(":memory:"), state=KioskState(tmp_path / "k.json"))
    assert again.lang == "fr"


def test_every_message_has_a_french_translation():
    from kiosk.i18n import catalog

    fr = catalog("fr")
    import ast
    from pathlib import Path

    root = Path(pm.__file__).parent
    used = set(pm.GAME_LABELS.values()) | set(pm.TRICK_COUNT_LABELS.values())
    used |= set(pm.VARIANT_LABELS.values())
    from kiosk.screens.new_partie import TRICK_COUNT_HELP, VARIANT_HELP

    used |= set(TRICK_COUNT_HELP.values()) | set(VARIANT_HELP.values())
    from kiosk.screens import deal

    used |= set(deal.PHASE_NAMES.values())  # the game's terms: tests/vocabulary
    used |= {"elder", "younger", deal.CARD_VALUES}
    from kiosk.screens.drill_practice import KIND_LABELS
    from kiosk.screens.learn import PART_TITLES

    for table in (PART_TITLES, KIND_LABELS):
        used |= set(table.values())
    for path in root.rglob("*.kv"):
        used |= {m[1] for m in re.findall(r"app\.t\((['\"])(.*?)\1, app\.lang\)", path.read_text())}
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            name = getattr(node, "func", None) and getattr(
                node.func, "attr", getattr(node.func, "id", "")
            )
            if isinstance(node, ast.Call) and name in ("_", "n_"):  # n_: one, many, n
                used |= {
                    a.value
                    for a in node.args[: 1 if name == "_" else 2]
                    if isinstance(a, ast.Constant) and isinstance(a.value, str)
                }
    assert len(used) > 50
    missing = sorted(m for m in used if m not in fr)
    assert missing == [], "\n".join(missing)
    for message in used:  # the same {fields} on both sides
        assert set(re.findall(r"{(\w+)}", message)) == set(re.findall(r"{(\w+)}", fr[message]))


def test_restart_on_the_same_file_lands_on_the_same_screen(tmp_path):
    db = tmp_path / "j.sqlite3"
    state = tmp_path / "k.json"
    p = Presenter(Journal.open(db), state=KioskState(state))
    start(p, quick=True)
    enter(p, 30, 12)
    view = p.view()
    p.journal.close()
    q = Presenter(Journal.open(db), state=KioskState(state))
    assert q.screen == pm.QUICK
    assert q.view()["header"] == view["header"]
    assert q.view()["rows"] == view["rows"]


def usb_stick(root, label="STICK"):
    """A fake /proc/mounts under `root` with one stick mounted."""
    stick = root / "media" / "pi" / label
    stick.mkdir(parents=True)
    (root / "proc").mkdir(exist_ok=True)
    (root / "proc" / "mounts").write_text(
        f"/dev/mmcblk0p2 / ext4 rw 0 0\n/dev/sda1 /media/pi/{label} vfat rw,nosuid 0 0\n"
    )
    return stick


def test_history_lists_parties_and_shows_a_sheet_and_exports(tmp_path):
    stick = usb_stick(tmp_path)
    p = fresh(usb_root=tmp_path)
    start(p, quick=True)
    first = p.current()
    enter(p, 30, 12)
    start(p, names=("Cleo", "Dan"))
    p.go(pm.HISTORY)
    items = p.view()["items"]
    assert [i["partie"] for i in items][-1] == first
    assert "Anne 30 – 12 Bruno" in items[-1]["text"]
    p.view_partie(first)
    assert p.screen == pm.SHEET
    assert p.view()["names"] == ["Anne", "Bruno"]
    p.export()
    [file] = stick.glob("*.json")  # beside it, the CSV files (tests/kiosk/test_club.py)
    assert p.message == (
        f"Saved on the USB stick “STICK”: {file.name} and the CSV files of "
        "its deals and of the history. You may take the stick out."
    )
    saved = json.loads(file.read_text())
    assert saved == p.journal.record(first)
    assert score_record(saved)["totals"] == {"Anne": 30, "Bruno": 12}
    assert p.view()["can_take_up"]  # Anne and Bruno's partie is unfinished
    p.take_up()
    assert p.current() == first and p.screen == pm.QUICK
    assert p.view()["header"]["names"] == ["Anne", "Bruno"]
    p.go(pm.HISTORY)
    p.view_partie(first)
    assert not p.view()["can_take_up"]
    p.back()
    assert p.screen == pm.HISTORY


def test_return_match_swaps_the_first_dealer():
    p = fresh()
    start(p, quick=True, dealer=1)
    for e, y in [(30, 12), (20, 40), (25, 5), (18, 9), (40, 0), (11, 15)]:
        enter(p, e, y)
    assert p.screen == pm.SHEET and p.view()["finished"]
    first = score_record(p.journal.record())
    assert p.view()["sitting"] == ""  # one partie is no sitting yet
    p.return_match()
    assert p.screen == pm.NEW_START
    p.start_partie()
    record = p.journal.record()
    assert record["first_dealer"] == "Anne"
    assert p.screen == pm.QUICK
    for e, y in [(12, 30), (40, 20), (5, 25), (9, 18), (0, 40), (15, 11)]:
        enter(p, e, y)
    second = score_record(p.journal.record())
    from scorer.sitting import sitting

    net = sitting([first, second])[-1].net
    line = p.view()["sitting"]
    assert line.startswith("Sitting of 2 parties: ")
    shown = dict(part.rsplit(" ", 1) for part in line.split(": ", 1)[1].split(", "))
    assert {k: int(v.replace("−", "-")) for k, v in shown.items()} == net


def test_text_size_cycles_and_print_without_printer_says_so():
    p = fresh()
    assert p.text_scale == 1.0
    p.cycle_text_size()
    assert p.text_scale > 1.0
    start(p)
    p.go(pm.SHEET)
    assert p.view()["printer"] is False
    p.print_sheet()
    assert p.message == "No printer is configured."


@pytest.mark.parametrize("screen", [pm.HOME, pm.HISTORY, pm.SETTINGS, pm.LEARN, pm.SHEET])
def test_plain_screens_have_views_without_a_partie(screen):
    p = fresh()
    p.go(screen)
    assert isinstance(p.view(), dict)


def test_the_system_locale_chooses_the_first_language(monkeypatch):
    from piquet.kiosk_command import system_language

    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert system_language() == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert system_language() == "fr"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert system_language() == "en"


def test_the_sheet_says_in_words_what_is_still_in_play():
    p = fresh()
    start(p)
    p.act({"say": "done"})  # no carte blanche: deal 1 is in play
    p.go(pm.SHEET)
    v = p.view()
    deals = score_record(p.journal.record())["deals"]
    assert not deals[-1]["complete"]
    assert v["title"] == "Rubicon piquet · in progress"
    assert [r["label"] for r in v["rows"]] == ["Deal 1 (in play)"]
    p.set_lang("fr")
    assert p.view()["title"] == "Piquet à rubicon · en cours"
    assert p.view()["rows"][0]["label"] == "Donne 1 (en cours)"
