"""What a newcomer stumbled on (issue 8, part 2), one test per item, through
the presenter (Kivy-free); items 11 and 12 on screen are in test_ui.py."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from journal import Journal
from kiosk import presenter as pm
from kiosk.presenter import KioskState, Presenter
from scorer import score_record


def partie(db: str | Path = ":memory:", quick: bool = False, **kw) -> Presenter:
    p = Presenter(Journal.open(db), **kw)
    p.new_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.rules_done()
    p.set_first_dealer(1)
    if quick:
        p.toggle_quick()
    p.start_partie()
    return p


def actions(p: Presenter) -> list[dict]:
    return [dict(a) for a in p.journal.actions()]


def enabled(p: Presenter) -> list[str]:
    v = p.view()
    offered = [
        *v["options"],
        *(o for side in v["sides"] for o in side["options"]),
        *(o for o in (v["done"], v["second"]) if o),
        *v["extras"],
    ]
    return [o["key"] for o in offered if o["enabled"]]


def enter(p: Presenter, elder: int, younger: int) -> None:
    first = p.view()["elder_field"]
    p.quick_field(first)
    for d in str(elder):
        p.quick_digit(d)
    p.quick_field(1 - first)
    for d in str(younger):
        p.quick_digit(d)
    p.quick_enter()


def deal_in_play(p: Presenter) -> None:
    """A deal through the dialogue to its end (no declarations, 7 tricks to 5)."""
    for key in ("cb-done", "ex-done", *["nothing"] * 6):
        p.answer(key)
    for i in range(12):
        p.trick_won(i % 2 if i < 10 else 0)


# --- 1. Quick mode at the start of any deal, and back; kept in the journal -------


def test_1_quick_mode_is_chosen_at_the_start_of_any_deal_and_kept_in_the_journal(tmp_path):
    db = tmp_path / "j.sqlite3"
    side_file = tmp_path / "j.sqlite3.kiosk.json"
    p = partie(db, state=KioskState(side_file))
    deal_in_play(p)
    p.next_deal()  # deal 2 starts with the questions; quick mode is offered before its first tap
    assert p.screen == pm.DEAL and "quick-on" in enabled(p)
    p.answer("quick-on")
    assert actions(p)[-1] == {"entry": "totals"} and p.screen == pm.QUICK
    enter(p, 30, 12)
    assert p.screen == pm.QUICK and p.view()["prompt"].startswith("Deal 3:")
    p.quick_off()  # deal 3 with the questions again
    assert actions(p)[-2:] == [{"next_deal": True}, {"entry": "dialogue"}]
    assert p.screen == pm.DEAL and p.view()["phase"] == "Carte blanche"
    p.answer("cb-elder")
    assert "quick-on" not in enabled(p)  # once a deal has begun, it stays as it is
    # the sheet says which deals were entered as totals
    p.go(pm.SHEET)
    assert [r["label"] for r in p.view()["rows"]] == [
        "Deal 1",
        "Deal 2 (totals)",
        "Deal 3 (in play)",
    ]
    # the journal keeps it, not the side file: a kiosk without that file agrees
    assert "quick" not in json.loads(side_file.read_text())
    p.journal.close()
    side_file.unlink()
    q = Presenter(Journal.open(db))
    assert q.screen == pm.DEAL
    q.undo()
    q.undo()  # the cb-elder, then the one tap that opened deal 3 with the questions
    assert q.screen == pm.QUICK and q.view()["prompt"].startswith("Deal 3:")


def test_1_a_refused_quick_entry_changes_nothing_in_the_journal(tmp_path):
    """Issue 9, item 9: refused means unchanged (no undone row, no Redo), and
    the message is a sentence."""
    db = tmp_path / "j.sqlite3"
    p = partie(db, quick=True)
    enter(p, 30, 12)
    files = [db, db.with_name(db.name + "-wal")]  # the journal and its log (-shm is an index)
    before = {f: f.read_bytes() for f in files}
    first = p.view()["elder_field"]
    p.quick_field(first)
    for d in "999":
        p.quick_digit(d)
    p.quick_field(1 - first)
    p.quick_digit("5")
    p.quick_enter()
    elder = p.view()["labels"][first].split(" (")[0]
    assert p.message == f"{elder}'s total cannot be 999: a deal scores 0 to 173."
    assert {f: f.read_bytes() for f in files} == before
    assert not p.can_redo()
    assert p.view()["digits"][first] == "999"  # what was typed stays, to be corrected


def test_1_a_kiosk_that_kept_quick_mode_in_its_side_file_says_it_in_the_journal(tmp_path):
    db = tmp_path / "j.sqlite3"
    with Journal.open(db) as j:
        j.new_partie(["Anne", "Bruno"], "Bruno")
        partie_id = j.current_partie()
    side = tmp_path / "k.json"
    side.write_text(json.dumps({"lang": "en", "quick": [partie_id]}))
    p = Presenter(Journal.open(db), state=KioskState(side))
    assert p.screen == pm.QUICK
    assert actions(p) == [{"entry": "totals"}]
    assert json.loads(side.read_text())["quick"] == []


# --- 2. Every tap is one undoable step; a restart returns to the same screen ----


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_2_every_tap_is_one_undoable_step_and_a_restart_shows_the_same_screen(tmp_path, seed):
    """Random taps through two deals: after each, Undo brings back exactly the
    screen before it, Redo the one after, and a kiosk started afresh on the
    journal shows the same screen and question."""
    db = tmp_path / "j.sqlite3"
    p = partie(db)
    rng = random.Random(seed)

    def seen(pr: Presenter) -> dict:
        shown = {k: v for k, v in pr.view().items() if k not in ("message", "can_redo")}
        return shown | {"screen": pr.screen}

    for _ in range(45):
        before = seen(p)
        if p.screen == pm.END_OF_DEAL:
            p.next_deal()
        elif p.view().get("play"):
            p.trick_won(rng.randrange(2))
        else:
            keys = [k for k in enabled(p) if k != "quick-on"]
            p.answer(rng.choice(keys))
        after = seen(p)
        assert after != before
        restarted = Presenter(Journal.open(db))
        assert seen(restarted) == after
        restarted.journal.close()
        p.undo()
        assert seen(p) == before
        p.redo()
        assert seen(p) == after


# --- 3. The last deal is shown; a sheet row opens its deal ------------------------


def test_3_the_last_deal_shows_its_lines_before_the_final_sheet_and_rows_open_deals(tmp_path):
    db = tmp_path / "j.sqlite3"
    side = tmp_path / "k.json"
    p = partie(db, quick=True, state=KioskState(side))
    for e, y in [(30, 12), (20, 41), (25, 5), (18, 9), (40, 0)]:
        enter(p, e, y)
    p.quick_off()
    deal_in_play(p)  # the sixth deal, played: it ends the partie
    assert score_record(p.journal.record())["finished"]
    assert p.screen == pm.END_OF_DEAL
    v = p.view()
    assert v["header"]["title"] == "Deal 6 is over" and v["final"]
    assert v["main"] == "The final score sheet" and v["lines"]
    p.journal.close()
    q = Presenter(Journal.open(db), state=KioskState(side))
    assert q.screen == pm.END_OF_DEAL  # a restart shows it again until it is read
    q.next_deal()
    assert q.screen == pm.SHEET and q.view()["finished"]
    q.view_deal(6)
    assert q.screen == pm.DEAL_LINES
    deal = score_record(q.journal.record(), "en", notes=True)["deals"][5]
    assert [line["why"] for line in q.view()["lines"]] == [x["why"] for x in deal["lines"]]
    assert q.view()["title"] == "Deal 6"
    q.back()
    assert q.screen == pm.SHEET
    q.journal.close()
    assert Presenter(Journal.open(db), state=KioskState(side)).screen == pm.SHEET


# --- 4. The exchange ---------------------------------------------------------------


def test_4_the_exchange_asks_elder_first_on_his_side_and_moves_on_by_itself():
    p = partie()
    p.answer("cb-done")
    sides = p.view()["sides"]
    assert [s["title"] for s in sides] == ["Anne (elder) took:", "Bruno (younger, deals) took:"]
    assert [o["enabled"] for o in sides[1]["options"]] == [False] * 8  # Younger waits
    p.answer("ex-younger-3")  # not offered yet: nothing happens
    assert actions(p) == [{"say": "done"}]
    p.answer("ex-elder-4")
    assert [o["key"] for o in p.view()["sides"][1]["options"] if o["enabled"]] == [
        "ex-younger-1",
        "ex-younger-2",
        "ex-younger-3",
        "ex-younger-4",
    ]
    p.answer("ex-younger-2")
    assert p.view()["phase"] == "Declarations: the point"  # no "go on" needed
    assert actions(p) == [
        {"say": "done"},
        {"exchange": "elder", "cards": 4},
        {"exchange": "younger", "cards": 2},
    ]


# --- 5. The players' order, by where they sit -------------------------------------


def test_5_the_players_keep_their_sides_on_every_screen_and_may_swap(tmp_path):
    side = tmp_path / "k.json"
    p = partie(":memory:", state=KioskState(side))
    assert p.view()["header"]["names"] == ["Anne", "Bruno"]  # typed left, then right
    p.go(pm.SHEET)
    p.swap_sides()  # they sit the other way round
    assert p.view()["names"] == ["Bruno", "Anne"]
    p.resume()
    v = p.view()
    assert v["header"]["names"] == ["Bruno", "Anne"]
    assert v["header"]["tags"] == ["(younger, deals)", "(elder)"]
    assert v["sides"][0]["title"].startswith("Bruno")
    for key in ("cb-done", "ex-done", *["nothing"] * 6):
        p.answer(key)
    assert p.view()["halves"][0][0].startswith("Bruno") and p.lead_seat() == 1  # Anne leads, right
    p.trick_won(0)  # the left half: Bruno, younger
    assert actions(p)[-1] == {"trick": "Y"}
    for _ in range(11):
        p.trick_won(1)
    p.next_deal()
    assert p.view()["header"]["tags"] == ["(elder)", "(younger, deals)"]  # the tag moves ...
    assert p.view()["header"]["names"] == ["Bruno", "Anne"]  # ... the players do not
    again = Presenter(p.journal, state=KioskState(side))
    assert again.view()["header"]["names"] == ["Bruno", "Anne"]  # kept beside the journal
    q = partie(quick=True)
    q.go(pm.SHEET)
    q.swap_sides()
    q.resume()
    assert [label.split(" (")[0] for label in q.view()["labels"]] == ["Bruno", "Anne"]


# --- 6. Impossible answers stay in their places, disabled --------------------------


def test_6_answers_keep_their_places_and_higher_additions_wait_behind_their_choice():
    p = partie()
    for key in (
        "cb-done",
        "ex-done",
        "nothing",
        "nothing",
        "nothing",
        "nothing",
        "call-3-Q",
        "good",
    ):
        p.answer(key)
    v = p.view()
    grid = [o["key"] for o in v["options"]]
    assert len(grid) == 10 and grid[0] == "set-4-A" and grid[-1] == "set-3-10"
    assert [o["key"] for o in v["options"] if o["enabled"]] == ["set-3-J", "set-3-10"]
    assert v["second"]["key"] == "against" and v["second"]["enabled"]
    assert (
        "good_against_the_cards" in v["second"]["label"]
        or "against the cards" in v["second"]["label"]
    )
    p.answer("set-4-A")  # shown disabled: a tap does nothing
    assert actions(p)[-1] == {"say": "good", "by": "younger"}
    p.answer("against")
    assert actions(p)[-1] == {"say": "good_against_the_cards", "by": "elder"}
    v = p.view()
    assert [o["key"] for o in v["options"]] == grid  # the same places
    assert "set-4-A" in [o["key"] for o in v["options"] if o["enabled"]]
    assert v["second"]["on"] and not v["second"]["enabled"]
    # the grid of a trio of kings' answers is the grid of a trio of tens' answers
    a, b = partie(), partie()
    for q, call in ((a, "call-3-K"), (b, "call-3-10")):
        for key in ("cb-done", "ex-done", *["nothing"] * 4, call, "not-good"):
            q.answer(key)
    assert [o["key"] for o in a.view()["options"]] == [o["key"] for o in b.view()["options"]]
    assert enabled(a) != enabled(b)


# --- 7. Quick-mode entry --------------------------------------------------------------


def test_7_enter_in_the_first_box_moves_to_the_second():
    p = partie(quick=True)
    p.quick_field(0)
    p.quick_digit("3")
    p.quick_digit("0")
    p.quick_enter()
    assert p.quick_entry.field == 1 and not p.message
    assert actions(p) == [{"entry": "totals"}]
    p.quick_digit("1")
    p.quick_digit("2")
    p.quick_enter()
    assert len(actions(p)) == 2 and p.view()["rows"]


# --- 8. Wording -------------------------------------------------------------------------


def test_8_plurals_and_one_french_name_for_each_thing():
    p = partie()
    for key in ("cb-done", "ex-done", *["nothing"] * 6):
        p.answer(key)
    p.trick_won(0)
    tricks = [half[1] for half in p.view()["halves"]]
    assert tricks[0] in ("1 trick", "1 trick · leads")
    assert tricks[1] in ("0 tricks", "0 tricks · leads")
    assert "1 trick played" in p.view()["tricks"]
    p.set_lang("fr")
    tricks = [half[1] for half in p.view()["halves"]]
    assert tricks[0].startswith("1 pli") and tricks[1].startswith("0 pli")
    from kiosk.i18n import catalog

    fr = catalog("fr")
    text = "\n".join(fr.values()).lower()
    assert "levée" not in text and "brelan" not in text  # pli, trio: the engine's words
    # What is written says "trio d'as"; the calls said aloud (context "call.") say
    # "Trois as ?" as players call it at the table, as Cavendish's "Three aces?".
    written = "\n".join(v for k, v in fr.items() if not k.startswith("call.")).lower()
    assert not re.search(r"\btrois (as|rois|dames|valets|dix)\b", written)
    assert fr["leads"] == "entame"
    said = [k for k, v in fr.items() if "a la main" in v]  # "a la main": the elder alone
    assert len(said) >= 3 and all("elder" in k for k in said), said
    assert not any(re.search(r"\{name\} est bon", v) for v in fr.values())
    # "Une autre trois ou quatorze": no article to agree with "trio", "séquence"...
    assert "une autre" not in fr["{name} is good. Any other {klass} to add?"].lower()


# --- 9. End of deal -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "variants, said", [(None, True), ({"trick_count": "last_trick_ten"}, False)]
)
def test_9_end_of_deal_puts_the_result_first_and_says_an_even_split(variants, said):
    p = Presenter(Journal.open(":memory:"))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno", variants=variants)
    p.resume()
    for key in ("cb-done", "ex-done", *["nothing"] * 6):
        p.answer(key)
    for i in range(12):
        p.trick_won(i % 2)  # six each
    v = p.view()
    deal = score_record(p.journal.record())["deals"][0]
    assert v["header"]["title"] == "Deal 1 is over" and v["main"] == "Next deal"
    assert v["result"] == (f"Anne +{deal['scores']['Anne']}  ·  Bruno +{deal['scores']['Bruno']}")
    assert ("Six tricks each: nobody scores for the cards." in v["notes"]) is said


# --- 10. Export at a kiosk ---------------------------------------------------------------


def test_10_export_goes_to_a_usb_stick_and_says_so_or_that_none_is_plugged_in(tmp_path):
    p = partie(usb_root=tmp_path, quick=True)
    enter(p, 30, 12)
    p.go(pm.SHEET)
    p.export()
    assert p.message == (
        "No USB stick is plugged in. Plug one into the table and tap Export again."
    )
    (tmp_path / "proc").mkdir()
    stick = tmp_path / "media" / "pi" / "MY STICK"
    stick.mkdir(parents=True)
    (tmp_path / "media" / "cdrom").mkdir()
    (tmp_path / "proc" / "mounts").write_text(
        "/dev/sr0 /media/cdrom iso9660 ro 0 0\n"
        "/dev/sda1 /media/pi/MY\\040STICK vfat rw,relatime 0 0\n"
    )
    p.export()
    [file] = stick.glob("*.json")  # with its deals and the history as CSV (test_club.py)
    assert re.fullmatch(r"piquet-\d{4}-\d\d-\d\d-Anne-Bruno-\d+\.json", file.name)
    assert (
        p.message == f"Saved on the USB stick “MY STICK”: {file.name} and the CSV files "
        "of its deals and of the history. You may take the stick out."
    )
    assert json.loads(file.read_text()) == p.journal.record()


# --- 11. Who deals first -----------------------------------------------------------------


def test_11_the_players_say_who_deals_and_the_kiosk_draws_only_when_asked():
    p = Presenter(Journal.open(":memory:"), rng=random.Random(1))
    p.new_partie()
    p.draft.names = ["Anne", "Bruno"]
    p.names_done()
    p.rules_done()
    p.start_partie()
    assert p.screen == pm.NEW_START
    assert p.message == "Say who deals first (or let the kiosk draw)."
    p.set_first_dealer(0)
    assert p.view()["dealer_text"] == "Anne deals first."
    p.cut_for_deal()
    assert p.view()["dealer_text"].startswith("The kiosk drew ")
