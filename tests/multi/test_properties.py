"""Random legal games of every form: the scorer never crashes, every deal's
lines add up, play and the cards follow the form's count, pique and repique
come only as the form allows, and the settlement sums to zero."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorer import RecordError, score_record
from scorer.multi import score_record2
from scorer.multi.chouette import next_partie, rounded_tens
from tests.multi.strategies import normand_deal, rich_deal, voleur_deal
from tests.scorer.strategies import legal_deal

PROPERTY = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SEATS = "ABCDEFG"
HAND_CLASS = {"carte_blanche": 1, "point": 2, "sequences": 3, "sets": 4}


def _left(seat: str, n: int, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % n]


def _winners(deal: dict[str, Any]) -> list[str]:
    tricks = deal.get("tricks", "")
    return list(tricks) if isinstance(tricks, str) else [t["winner"] for t in tricks]


def _score_until_won(rec: dict[str, Any]) -> dict[str, Any]:
    """Score; a game won before its last deal is cut there (the record is refused
    whole otherwise, with exactly that problem)."""
    try:
        return score_record2(rec)
    except RecordError as exc:
        [problem] = exc.problems
        assert "already" in problem and "after deal" in problem, problem
        won_after = int(problem.rsplit(" ", 1)[1])
        return score_record2({**rec, "deals": rec["deals"][:won_after]})


def _trick_points(
    winners: list[str], first_leader: str, count: int, party: dict[str, str]
) -> list[tuple[str, int]]:
    """(seat, 1) for each point of play in order: 1 for a lead, 1 for winning a
    lead of another party, 1 for the last trick (none for it with a capot: seed
    004's reading, the default)."""
    points = []
    leader = first_leader
    swept = len(winners) == count and len({party[w] for w in winners}) == 1
    for number, winner in enumerate(winners, start=1):
        points.append((leader, 1))
        if party[winner] != party[leader]:
            points.append((winner, 1))
        if number == count and not swept:
            points.append((winner, 1))
        leader = winner
    return points


def _check_deal(
    deal_in: dict[str, Any],
    scored: dict[str, Any],
    seats: dict[str, str],
    party: dict[str, str],
    first_leader: str,
    count: int,
    at: int,
    repique: int,
    pique: int,
    pique_rule: str,
) -> None:
    """The laws of a deal of Normand (parties are seats) or Voleur (sides)."""
    lines = scored["lines"]
    name_seat = {name: seat for seat, name in seats.items()}
    assert all(ln["why"] and ln["rule"] for ln in lines)

    def party_of_line(line: dict[str, Any]) -> str:
        return line.get("side") or party[name_seat[line["player"]]]

    by_party = Counter()
    for line in lines:
        by_party[party_of_line(line)] += line["points"]
    parties = sorted(set(party.values()))
    if set(scored["scores"]) == set(parties):  # voleur: by side, raw x multiplier
        factor = scored.get("multiplier", 1)
        assert {p: by_party[p] * factor for p in parties} == scored["scores"]
    else:
        assert {seats[s]: by_party[s] for s in seats} == scored["scores"]
    # Play, point by point.
    winners = _winners(deal_in)
    play = Counter()
    for seat, p in _trick_points(winners, first_leader, count, party):
        play[seat] += p
    got = Counter()
    for line in lines:
        if line["category"] == "play":
            got[name_seat[line["player"]]] += line["points"]
    assert got == play
    # Repique: `at` from hand classes reckoning before any other party scores.
    hand = [ln for ln in lines if ln["category"] in HAND_CLASS]
    holder = scored["bonuses"]["repique"]
    for p in parties:
        first_other = min(
            (HAND_CLASS[ln["category"]] for ln in hand if party_of_line(ln) != p), default=9
        )
        early = sum(
            ln["points"]
            for ln in hand
            if party_of_line(ln) == p and HAND_CLASS[ln["category"]] < first_other
        )
        label = p if holder in parties or holder is None else seats.get(p)
        assert (holder == label) == (early >= at), (p, early, holder)
    for line in lines:
        if line["category"] == "repique":
            assert line["points"] == repique
        if line["category"] == "pique":
            assert line["points"] == pique
    # Pique: `at` in hand and play, on a point of play, before the others have scored
    # (the cards never count); none to whoever repiqued.
    totals = Counter()
    for ln in hand:
        totals[party_of_line(ln)] += ln["points"]
    expected = None
    repiqued = next((party_of_line(ln) for ln in lines if ln["category"] == "repique"), None)
    if repiqued:
        totals[repiqued] += repique
    for seat, p in _trick_points(winners, first_leader, count, party):
        mine = party[seat]
        totals[mine] += p
        others = [totals[q] for q in parties if q != mine]
        ok = not any(others) if pique_rule == "neither" else not all(others)
        if mine != repiqued and totals[mine] >= at and ok:
            expected = mine
            break
    for bonus in ("repique", "pique"):
        if scored["bonuses"][bonus]:
            event(bonus)
    got_pique = scored["bonuses"]["pique"]
    if got_pique is not None and got_pique not in parties:
        got_pique = name_seat[got_pique]
    assert got_pique == expected
    if pique_rule == "neither":
        assert got_pique in (None, party[first_leader])  # only the first to lead


def _check_normand_cards(
    deal_in: dict[str, Any], scored: dict[str, Any], seats: dict[str, str], shared: str
) -> None:
    winners = _winners(deal_in)
    if len(winners) < 10:
        assert not any(ln["category"] in ("cards", "capot") for ln in scored["lines"])
        return
    won = Counter(winners)
    expected = Counter()
    takers = [s for s in won if won[s]]
    if len(takers) == 1:
        expected[takers[0]] = 40
    else:
        if len(takers) == 2:
            for s in takers:
                expected[s] += 20
        if len(takers) == 3 or shared == "besides":
            most = max(won.values())
            leaders = [s for s in won if won[s] == most]
            for s in leaders:
                expected[s] += 10 if len(leaders) == 1 else 5
    event(f"normand tricks {sorted(won.values(), reverse=True)[:2]}")
    got = Counter()
    for ln in scored["lines"]:
        if ln["category"] in ("cards", "capot"):
            got[next(s for s, n in seats.items() if n == ln["player"])] += ln["points"]
    assert got == expected


NORMAND_SETTINGS = st.fixed_dictionaries(
    {
        "pique_opponents": st.sampled_from(["neither", "not_both"]),
        "shared_capot": st.sampled_from(["instead", "besides"]),
        "settlement": st.sampled_from(["difference", "pot"]),
        "pot_antes": st.sampled_from(["each_deal", "once"]),
        "target": st.sampled_from([50, 100]),
    }
)


@PROPERTY
@given(st.data())
def test_normand(data: st.DataObject) -> None:
    conf = data.draw(NORMAND_SETTINGS)
    first = data.draw(st.sampled_from("ABC"))
    count = data.draw(st.integers(1, 3))
    deals = []
    for k in range(count):
        dealer = _left(first, 3, k)
        last = k == count - 1
        if data.draw(st.integers(0, 3)) == 0:
            deals.append(data.draw(rich_deal("normand", dealer)))
        else:
            deals.append(
                data.draw(normand_deal(dealer, complete=not last or data.draw(st.booleans())))
            )
    names = ["Anne", "Ben", "Cleo"]
    rec = {
        "format": "piquet-record/2",
        "form": "normand",
        "players": names,
        "first_dealer": names[SEATS.index(first)],
        "settings": conf,
        "deals": deals,
    }
    answer = _score_until_won(rec)
    seats = answer["seats"]
    party = {s: s for s in seats}
    for k, scored in enumerate(answer["deals"]):
        dealer = _left(first, 3, k)
        _check_deal(
            deals[k],
            scored,
            seats,
            party,
            _left(dealer, 3),
            10,
            20,
            90,
            60,
            conf["pique_opponents"],
        )
        _check_normand_cards(deals[k], scored, seats, conf["shared_capot"])
    totals = answer["totals"]
    top = max(totals.values())
    decided = top >= conf["target"] and list(totals.values()).count(top) == 1
    assert answer["finished"] == (decided and answer["deals"][-1]["complete"])
    assert sum(answer["settlement"].values()) == 0
    if answer["finished"]:
        winner = answer["result"]["winner"]
        assert totals[winner] == top and answer["settlement"][winner] > 0


@PROPERTY
@given(st.data())
def test_voleur(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(["rubicon", "four-deal", "au-cent"]))
    point = data.draw(st.sampled_from(["both", "one"]))
    first = data.draw(st.sampled_from("ABCD"))
    names = ["Anne", "Ben", "Cleo", "Dan"]
    deals: list[dict[str, Any]] = []
    for k in range(data.draw(st.integers(1, 2))):
        dealer = _left(first, 4, k)
        if data.draw(st.integers(0, 2)) == 0:
            deals.append(data.draw(rich_deal("voleur", dealer)))
        else:
            deals.append(data.draw(voleur_deal(dealer)))
    rec = {
        "format": "piquet-record/2",
        "form": "voleur",
        "players": names,
        "first_dealer": names[SEATS.index(first)],
        "game": game,
        "settings": {"partners_point": point},
        "deals": deals,
    }
    answer = _score_until_won(rec)
    seats = answer["seats"]
    party = {s: ("AC" if s in "AC" else "BD") for s in seats}
    for k, scored in enumerate(answer["deals"]):
        dealer = _left(first, 4, k)
        _check_deal(deals[k], scored, seats, party, _left(dealer, 4), 8, 20, 90, 60, "neither")
        winners = _winners(deals[k])
        sides = Counter(party[w] for w in winners)
        cards = {
            ln["side"]: ln["points"]
            for ln in scored["lines"]
            if ln["category"] in ("cards", "capot")
        }
        if len(winners) == 8:
            expected = {s: (40 if n == 8 else 10) for s, n in sides.items() if n > 4}
            assert cards == expected
    # Play the partie out with deals entered as totals, AC gaining on BD each time.
    while not answer["finished"]:
        ac = data.draw(st.integers(20, 80))
        deals.append({"entered": {"AC": ac, "BD": ac // 2}})
        answer = score_record2({**rec, "deals": deals})
        assert len(deals) <= 60
    assert sum(answer["settlement"].values()) == 0
    result = answer["result"]
    if not result["draw"]:
        for side in answer["sides"]:
            for name in side["players"]:
                won = side["id"] == result["winner"]
                assert answer["settlement"][name] == (
                    result["points"] if won else -result["points"]
                )


def _seat_deal(deal: dict[str, Any], elder: str, dealer: str) -> dict[str, Any]:
    """A `piquet-record/1` deal (roles) as an à Écrire deal (seats)."""
    seat = {"elder": elder, "younger": dealer, "E": elder, "Y": dealer}
    out: dict[str, Any] = {}
    for key, value in deal.items():
        if key in ("exchange", "hands", "declared", "entered"):
            out[key] = {seat[r]: v for r, v in value.items()}
        elif key == "carte_blanche":
            out[key] = [seat[r] for r in value]
        elif key == "tricks":
            out[key] = [{**t, "winner": seat[t["winner"]]} for t in value]
        else:
            out[key] = value
    return out


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_ecrire(data: st.DataObject) -> None:
    n = data.draw(st.integers(3, 7))
    rounds = data.draw(st.integers(1, 2))
    names = [f"P{i}" for i in range(n)]
    first = data.draw(st.integers(0, n - 1))
    total = data.draw(st.integers(1, rounds * n))
    deals = []
    for k in range(total):
        dealer = SEATS[(first + k) % n]
        elder = SEATS[(first + k + 1) % n]
        if data.draw(st.integers(0, 3)) == 0:
            v1 = data.draw(legal_deal(complete=True if k < total - 1 else None))
            deals.append(_seat_deal(v1, elder, dealer))
        else:
            deals.append(
                {
                    "entered": {
                        elder: data.draw(st.integers(0, 120)),
                        dealer: data.draw(st.integers(0, 120)),
                    }
                }
            )
    rec = {
        "format": "piquet-record/2",
        "form": "ecrire",
        "players": names,
        "first_dealer": names[first],
        "settings": {"rounds": rounds},
        "deals": deals,
    }
    answer = score_record2(rec)
    totals = Counter()
    for deal in answer["deals"]:
        for name, points in deal["scores"].items():
            totals[name] += points
        assert deal["bonuses"]["pique"] in (None, deal["elder"])  # two-handed: Law 69
        assert set(deal["scores"]) == {deal["elder"], deal["younger"]}
    assert answer["totals"] == {name: totals[name] for name in names}
    money = Counter()
    for round_ in answer["rounds"]:
        assert sum(round_["settlement"].values()) == 0
        if round_["complete"]:
            scores = round_["scores"]
            for name in names:
                paid = sum(scores[name] - scores[other] for other in names)
                assert round_["settlement"][name] == paid
                money[name] += paid
    assert answer["settlement"] == {name: money[name] for name in names}
    assert answer["finished"] == (total == rounds * n and answer["deals"][-1]["complete"])


def _chouette_partie(
    data: st.DataObject, game: str, single: str, playing: str, finish: bool
) -> dict[str, Any]:
    first = data.draw(st.sampled_from([single, playing]))
    other = playing if first == single else single
    partie: dict[str, Any] = {
        "single": single,
        "playing": playing,
        "first_dealer": first,
        "deals": [],
    }
    sub = {
        "format": "piquet-record/1",
        "game": game,
        "players": ["x", "y"],
        "first_dealer": "x",
        "deals": [],
    }
    ahead = data.draw(st.sampled_from(["x", "y"]))  # one player gains more: every partie ends
    while True:
        more = data.draw(st.integers(10, 90))
        less = data.draw(st.integers(0, more - 1))
        elder = "y" if len(sub["deals"]) % 2 == 0 else "x"  # x deals first
        sub_deal = {
            "entered": {
                "elder": more if elder == ahead else less,
                "younger": less if elder == ahead else more,
            }
        }
        sub["deals"].append(sub_deal)
        number = len(sub["deals"])
        dealer, elder = (first, other) if number % 2 else (other, first)
        partie["deals"].append(
            {
                "entered": {
                    elder: sub_deal["entered"]["elder"],
                    dealer: sub_deal["entered"]["younger"],
                }
            }
        )
        done = score_record(sub)["finished"]
        if done or (not finish and data.draw(st.booleans())):
            return partie


@PROPERTY
@given(st.data())
def test_chouette(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(["rubicon", "four-deal", "au-cent"]))
    count = data.draw(st.integers(1, 4))
    rec: dict[str, Any] = {
        "format": "piquet-record/2",
        "form": "chouette",
        "players": ["Anne", "Ben", "Cleo"],
        "game": game,
        "parties": [],
    }
    seat = {"Anne": "A", "Ben": "B", "Cleo": "C"}
    answer: dict[str, Any] = {"players": rec["players"], "parties": []}
    for k in range(count):
        suggestion = next_partie(answer)
        assert suggestion is not None
        single = seat[data.draw(st.sampled_from(suggestion["choices"]))]
        if suggestion["playing"]:
            playing = seat[suggestion["playing"]]
        else:
            playing = data.draw(st.sampled_from([s for s in "ABC" if s != single]))
        rec["parties"].append(_chouette_partie(data, game, single, playing, finish=k < count - 1))
        answer = score_record2(rec)
    assert sum(answer["settlement"].values()) == 0
    net = Counter()
    for partie, row in zip(
        [p for p in answer["parties"] if p["finished"]], answer["card"], strict=True
    ):
        entries = row["entries"]
        assert sum(entries.values()) == 0
        single = partie["single"]
        twice = 2 * rounded_tens(partie["points"])
        if partie["winner"] == "single":
            assert entries[single] == twice
        elif partie["winner"] == "pair":
            assert entries[single] == -twice
        else:
            assert entries[single] == 0
        for name in rec["players"]:
            if name != single:
                assert entries[name] == -entries[single] // 2
            net[name] += entries[name]
        assert row["net"] == {name: net[name] for name in rec["players"]}
    assert answer["settlement"] == {name: 10 * net[name] for name in rec["players"]}
