"""The deal screen's questions, without Kivy: each tap becomes the action the
engine's dialogue expects, and the screen follows the engine's next question."""

from __future__ import annotations

from journal import Journal
from kiosk import presenter as pm
from kiosk.presenter import Presenter
from scorer import score_record


def playing() -> Presenter:
    p = Presenter(Journal.open(":memory:"))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    return p


def keys(p: Presenter) -> list[str]:
    """The answers that may be tapped now: the grid, each side's, the wide
    "done" button (and the one beside it), then those beside the question."""
    v = p.view()
    offered = [
        *v["options"],
        *(o for side in v["sides"] for o in side["options"]),
        *(o for o in (v["done"], v["second"]) if o),
        *v["extras"],
    ]
    return [o["key"] for o in offered if o["enabled"]]


def grid_keys(p: Presenter) -> list[str]:
    """Every answer of the grid in its place, enabled or not."""
    return [o["key"] for o in p.view()["options"]]


def last_action(p: Presenter) -> dict:
    return dict(p.journal.actions()[-1])


def tap(p: Presenter, *answers: str) -> None:
    for key in answers:
        assert key in keys(p), (key, keys(p), p.view()["question"])
        p.answer(key)


def engine_keys(p: Presenter, word: str, prefix: str) -> list[str]:
    """The engine's legal choices of `word` now, as the kiosk's button keys."""
    out = []
    for c in p.progress().choices[word]:
        if "value" in c:
            out.append(f"value-{c['value']}")
        elif "count" in c:
            out.append(f"{prefix}-{c['count']}-{c['rank']}")
        elif "cards" in c:
            out.append(f"{prefix}-{c['cards']}")
        elif "top" in c:
            out.append(f"top-{c['top']}")
    return out


def assert_totals_follow_the_engine(p: Presenter) -> None:
    score = score_record(p.journal.record())
    assert p.view()["header"]["totals"] == [str(score["totals"][n]) for n in score["players"]]


def test_carte_blanche_claims_then_done_opens_the_exchange():
    p = playing()
    v = p.view()
    assert v["phase"] == "Carte blanche" and not v["play"]
    assert keys(p) == ["cb-elder", "cb-younger", "cb-done", "quick-on"]
    tap(p, "cb-younger")
    assert last_action(p) == {"carte_blanche": "younger"}
    # Bruno's claim shows as made, in its place; Anne's is disabled in hers: two hands
    # without a king, queen or jack need 24 such cards, and the engine refuses it
    assert keys(p) == ["cb-done"]
    assert [o["on"] for side in p.view()["sides"] for o in side["options"]] == [False, True]
    assert_totals_follow_the_engine(p)
    tap(p, "cb-done")
    assert last_action(p) == {"say": "done"}
    assert p.view()["phase"] == "The exchange"


def test_exchange_counts_are_optional():
    p = playing()
    tap(p, "cb-done", "ex-elder-4")
    assert last_action(p) == {"exchange": "elder", "cards": 4}
    assert not any(k.startswith("ex-elder") for k in keys(p))
    assert p.view()["hint"] == "Anne took 4"
    tap(p, "ex-done")  # Bruno's count is not known: skipped
    assert p.view()["phase"] == "Declarations: the point"
    q = playing()
    tap(q, "cb-done", "ex-done")  # skipped entirely
    assert q.view()["phase"] == "Declarations: the point"


def to_point(p: Presenter) -> None:
    tap(p, "cb-done", "ex-done")


def test_point_call_making_value_equal_scores_nothing():
    p = playing()
    to_point(p)
    assert "Anne" in p.view()["question"]  # Anne is elder: she calls first
    tap(p, "call-5")
    assert last_action(p) == {"say": "call", "by": "elder", "cards": 5}
    assert "Bruno" in p.view()["question"]
    assert keys(p) == ["good", "not-good", "making"]
    tap(p, "making")
    assert "A = 11" in p.view()["hint"]  # the card values are said
    assert keys(p) == engine_keys(p, "value", "")
    tap(p, "value-49")
    assert last_action(p) == {"say": "value", "by": "elder", "value": 49}
    assert "equal" in keys(p)
    tap(p, "equal")
    assert last_action(p) == {"say": "equal", "by": "younger"}
    assert p.view()["phase"] == "Declarations: sequences"
    declared = p.journal.record()["deals"][-1]["declared"]
    assert declared["elder"]["point"] == declared["younger"]["point"] == {"cards": 5, "value": 49}
    assert_totals_follow_the_engine(p)
    # The equal point is said in words on the deal's lines, with 0 points.
    notes = [ln for ln in p.score()["deals"][-1]["lines"] if ln["category"] == "point"]
    assert [(ln["points"], ln["why"]) for ln in notes] == [
        (0, "Points equal, five making 49 each: nobody scores the point")
    ]


def test_exchange_offers_only_the_engines_counts():
    p = playing()
    tap(p, "cb-done")
    counts = p.progress().exchange_counts
    assert [k for k in keys(p) if k.startswith("ex-elder")] == [
        f"ex-elder-{n}" for n in counts["elder"]
    ]
    assert not any(k.startswith("ex-younger") for k in keys(p))  # Elder first
    tap(p, "ex-elder-5")
    left = p.progress().exchange_counts["younger"]
    assert max(left) == 3  # eight in the talon, five taken
    assert [k for k in keys(p) if k.startswith("ex-younger")] == [f"ex-younger-{n}" for n in left]
    assert p.view()["hint"] == "Anne took 5"


def test_an_engine_message_reads_as_a_sentence():
    p = playing()
    tap(p, "cb-done", "ex-elder-5")
    p.act({"exchange": "younger", "cards": 5})  # not offered; the engine refuses it
    assert not p.message.startswith("deal")
    assert p.message[0].isupper() and p.message.endswith(".")
    assert "younger" in p.message


def test_not_good_with_a_longer_point_and_with_a_better_value():
    p = playing()
    to_point(p)
    tap(p, "call-5", "not-good")
    assert last_action(p) == {"say": "not_good", "by": "younger"}  # a step of its own
    assert keys(p) == ["cards-6", "cards-7", "cards-8"]  # only longer
    assert keys(p) == engine_keys(p, "not_good", "cards")
    assert grid_keys(p) == [f"cards-{n}" for n in range(3, 9)]  # the others in their places
    p.undo()  # changed his mind: one tap back
    assert keys(p) == ["good", "not-good", "making"]
    tap(p, "not-good", "cards-6")
    assert last_action(p) == {"say": "not_good", "by": "younger", "cards": 6}
    assert p.view()["phase"] == "Declarations: sequences"
    assert_totals_follow_the_engine(p)

    q = playing()
    to_point(q)
    tap(q, "call-5", "making", "value-45", "not-good")
    assert keys(q) == engine_keys(q, "not_good", "")
    assert "value-45" not in keys(q) and "value-48" in keys(q)  # only better values
    tap(q, "value-48")
    assert last_action(q) == {"say": "not_good", "by": "younger", "value": 48}
    assert_totals_follow_the_engine(q)


def test_sequences_how_high_top_good_then_add_and_done():
    p = playing()
    to_point(p)
    tap(p, "nothing")
    assert last_action(p) == {"say": "nothing", "by": "elder"}
    tap(p, "nothing")  # Younger has no point either
    assert p.view()["phase"] == "Declarations: sequences"
    tap(p, "call-4", "how-high")
    assert keys(p) == ["top-A", "top-K", "top-Q", "top-J", "top-10"]  # a quart runs to the 10
    assert grid_keys(p)[-1] == "top-9"  # shown, disabled
    tap(p, "top-K", "good")
    assert p.view()["question"].startswith("Anne is good")
    tap(p, "len-3")
    assert last_action(p) == {"say": "add", "by": "elder", "length": 3}
    tap(p, "top-9")
    assert last_action(p) == {"say": "top", "by": "elder", "top": "9"}
    assert_totals_follow_the_engine(p)
    tap(p, "done")
    assert p.view()["phase"] == "Declarations: trios and quatorzes"


def test_sets_not_good_then_play_then_end_of_deal_and_next():
    p = playing()
    to_point(p)
    tap(p, "nothing", "nothing", "nothing", "nothing")
    tap(p, "call-3-K", "not-good")
    assert keys(p) == engine_keys(p, "not_good", "set")
    assert "set-3-Q" not in keys(p)  # lower than the trio of kings
    assert "set-3-Q" in grid_keys(p)  # ... but in its place
    tap(p, "set-4-A")
    assert last_action(p) == {"say": "not_good", "by": "younger", "count": 4, "rank": "A"}
    tap(p, "done")
    v = p.view()
    assert v["play"] is True and v["options"] == []
    assert v["halves"][0][0].startswith("Anne") and v["halves"][1][0].startswith("Bruno")
    assert [half[2] for half in v["halves"]] == ["won this trick"] * 2
    for i in range(12):
        assert p.screen == pm.DEAL
        p.trick_won(0 if i < 11 else 1)  # the first player on the left half
        assert last_action(p) == {"trick": "E" if i < 11 else "Y"}  # Anne is elder
    assert p.screen == pm.END_OF_DEAL
    deal = score_record(p.journal.record())["deals"][0]
    assert [line["why"] for line in p.view()["lines"]] == [x["why"] for x in deal["lines"]]
    assert_totals_follow_the_engine(p)
    p.next_deal()
    assert p.screen == pm.DEAL
    header = p.view()["header"]
    assert header["title"].startswith("Deal 2 of 6")
    assert header["names"] == ["Anne", "Bruno"]  # the seats do not move
    assert header["tags"] == ["(younger, deals)", "(elder)"]  # the roles do
    actions = len(p.journal.actions())
    p.trick_won(0)  # deal 2 stands at the carte blanche: no trick yet
    assert len(p.journal.actions()) == actions
    assert p.view()["phase"] == "Carte blanche"


def test_capot_raises_the_banner_from_the_engines_bonuses():
    p = playing()
    to_point(p)
    tap(p, *["nothing"] * 6)
    for _ in range(12):
        p.trick_won(1)  # Bruno, younger, wins every trick
    score = score_record(p.journal.record())
    assert score["deals"][0]["bonuses"]["capot"] == "Bruno"
    assert p.screen == pm.END_OF_DEAL  # the result at the top says so
    assert "Capot" in p.view()["notes"] and "Bruno" in p.view()["notes"]


def test_undo_goes_back_exactly_one_tap_from_a_half_said_not_good():
    p = playing()
    to_point(p)
    tap(p, "call-5", "not-good")
    assert "what do you hold" in p.view()["question"]
    p.undo()
    assert "Bruno, is it good?" in p.view()["question"]
    assert keys(p) == ["good", "not-good", "making"]
    p.undo()
    assert "Anne, your point" in p.view()["question"]
    p.redo()
    p.redo()
    assert "what do you hold" in p.view()["question"]


def test_a_restart_asks_the_same_question(tmp_path):
    db = tmp_path / "j.sqlite3"
    p = Presenter(Journal.open(db))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    p.resume()
    to_point(p)
    tap(p, "call-5", "making", "value-49", "not-good")  # half said: "Not good", then what?
    before = p.view()
    p.journal.close()
    q = Presenter(Journal.open(db))
    assert q.screen == pm.DEAL
    after = q.view()
    assert "Not good: Bruno, what does your point make?" in after["question"]
    for key in ("question", "options", "hint", "header", "phase", "sides", "done"):
        assert after[key] == before[key]


def test_throw_in_is_offered_when_the_engine_says_so():
    p = Presenter(Journal.open(":memory:"))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno")
    for i, (elder, younger) in enumerate([(2, 40), (40, 2), (2, 40), (40, 2), (2, 40)]):
        if i:
            p.journal.act({"next_deal": True})
        p.journal.act({"entered": {"elder": elder, "younger": younger}})
    p.journal.act({"next_deal": True})
    p.resume()
    assert p.view()["header"]["title"].startswith("Deal 6 of 6")
    offered = p.progress().may_throw_in
    assert offered  # Anne has 10: she cannot save the rubicon
    role = offered[0]
    key = f"throw-in-{role}"
    assert key in keys(p)
    tap(p, "cb-done", "ex-done", *["nothing"] * 6)
    assert p.view()["play"] and [t["key"] for t in p.view()["extras"]] == [key]
    p.answer(key)
    assert last_action(p) == {"throw_in": role}
    score = score_record(p.journal.record())
    assert score["finished"] and score["result"]["rubicon"]
    assert p.screen == pm.END_OF_DEAL  # the last deal's lines first
    assert p.view()["final"]
    p.next_deal()  # its main button: the final sheet
    assert p.screen == pm.SHEET  # the partie is over: its settlement
    assert p.view()["totals"] == [str(score["totals"]["Anne"]), str(score["totals"]["Bruno"])]


def test_carte_rouge_is_claimed_before_the_first_trick_when_the_variant_is_on():
    p = Presenter(Journal.open(":memory:"))
    p.journal.new_partie(["Anne", "Bruno"], "Bruno", variants={"carte_rouge": 20})
    p.resume()
    tap(p, "cb-done", "ex-done", "call-5", "good", "call-3", "good")
    assert p.view()["question"] == "Anne is good: the top card of the tierce?"
    tap(p, "top-Q", "done", "call-3-K", "good", "done")
    extra = [t["key"] for t in p.view()["extras"]]
    assert extra == ["carte-rouge-elder", "carte-rouge-younger"]
    before = score_record(p.journal.record())
    p.answer("carte-rouge-elder")
    after = score_record(p.journal.record())
    if last_action(p) == {"carte_rouge": "elder"}:  # the engine took the claim
        assert any(x["category"] == "carte_rouge" for x in after["deals"][0]["lines"])
    else:  # or refused it, and said why
        assert p.message and after == before
    p.trick_won(0)
    assert p.view()["extras"] == []


def test_no_carte_rouge_claim_without_the_variant():
    p = playing()
    to_point(p)
    tap(p, *["nothing"] * 6)
    assert p.view()["extras"] == []


def test_repique_banner_shows_the_engines_points():
    p = playing()
    to_point(p)
    tap(p, "call-6", "good", "call-6", "good", "top-A", "done", "call-4-A", "good", "done")
    deal = score_record(p.journal.record())["deals"][0]
    assert deal["bonuses"]["repique"] == "Anne"
    points = next(x["points"] for x in deal["lines"] if x["category"] == "repique")
    assert p.view()["banner"] == f"Repique! Anne +{points}"
    assert_totals_follow_the_engine(p)


def test_every_done_button_reads_the_same_way():
    p = playing()
    labels = []

    def done_label(key: str) -> None:
        assert p.view()["done"]["key"] == key
        labels.append(p.view()["done"]["label"])

    done_label("cb-done")
    tap(p, "cb-elder")
    done_label("cb-done")
    tap(p, "cb-done")
    done_label("ex-done")
    tap(p, "ex-elder-3")
    done_label("ex-done")
    tap(p, "ex-done")
    done_label("nothing")
    tap(p, "nothing", "nothing", "call-3", "good", "top-A")
    done_label("done")
    assert p.progress().choices.get("done") == [{}]  # the engine's word for it
    assert len(labels) == 6 and all(label.endswith(" (go on)") for label in labels)
    assert labels[1].startswith("No more carte blanche")
    assert labels[3].startswith("Without Bruno's count")
