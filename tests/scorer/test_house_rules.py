"""The house rules' one list (scorer.house_rules): every switch of `variants`
has its name and meaning there, and the kiosk's rules page offers each one."""

from __future__ import annotations

from journal import Journal
from kiosk.presenter import Presenter
from scorer.house_rules import SWITCHES, TRICK_COUNT_MEANINGS, TRICK_COUNT_NAMES
from scorer.variants import BOOLEAN_KEYS, TRICK_COUNTS, Variants
from vocabulary import catalog


def test_every_switch_of_the_record_has_its_name_and_meaning():
    assert [rule.key for rule in SWITCHES] == list(BOOLEAN_KEYS)
    assert set(TRICK_COUNT_NAMES) == set(TRICK_COUNT_MEANINGS) == set(TRICK_COUNTS)
    for rule in SWITCHES:
        assert isinstance(getattr(Variants(), rule.key), bool)
        assert rule.name and rule.meaning.endswith(".")


def test_every_name_and_meaning_has_its_french():
    french = catalog("fr")
    words = [w for rule in SWITCHES for w in (rule.name, rule.meaning)]
    words += [*TRICK_COUNT_NAMES.values(), *TRICK_COUNT_MEANINGS.values()]
    missing = [w for w in words if w not in french]
    assert missing == []


def rules_page() -> Presenter:
    p = Presenter(Journal.open(":memory:"))
    p.new_partie()
    for i, name in enumerate(("Anne", "Bruno")):
        p.edit_name(i)
        for ch in name:
            p.type_key(ch)
    p.names_done()
    return p


def test_the_rules_page_offers_capot_without_the_last_trick_and_the_partie_keeps_it():
    p = rules_page()
    offered = {v["key"]: v["label"] for v in p.view()["variants"]}
    assert offered["capot_without_last_trick"] == "Capot without the last trick: off"
    p.toggle_variant("capot_without_last_trick")
    v = p.view()
    assert v["help"].startswith("A capot scores 40 and nothing more for the last trick")
    p.set_lang("fr")
    labels = {x["key"]: x["label"] for x in p.view()["variants"]}
    assert labels["capot_without_last_trick"] == "Capot sans le dernier pli\u202f: oui"
    p.rules_done()
    p.set_first_dealer(0)  # the table chooses who deals first
    p.start_partie()
    assert p.journal.record()["variants"] == {"capot_without_last_trick": True}
