"""Random histories of parties built through the journal, for the statistics
and CSV tests: several pairs of players, the three games, finished and
unfinished parties, quick-mode `entered` deals, throw-ins, draws, rubicons,
and imported parties with hands and cards (piques, repiques, capots, cartes
blanches)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from journal import Journal
from tests.journal.journal_helpers import next_action

PLAYERS = ("Anne", "Bruno", "Chloé", "Dmitri")
PAIRS = (("Anne", "Bruno"), ("Anne", "Chloé"), ("Dmitri", "Bruno"))
NON_FACE = [f"{rank}{suit}" for suit in "SHDC" for rank in ("A", "10", "9", "8", "7")]
FACES = [f"{rank}{suit}" for suit in "SHDC" for rank in ("K", "Q", "J")]


def play_partie(journal: Journal, rng: random.Random, finish: bool, game: str | None = None) -> int:
    """A partie played action by action from the journal helpers' random plans."""
    players = list(rng.choice(PAIRS))
    rng.shuffle(players)
    game = game or rng.choice(["rubicon", "rubicon", "four-deal", "au-cent"])
    partie = journal.new_partie(players, rng.choice(players), game)
    seed = rng.random()
    limit = 400 if finish else rng.randint(0, 60)
    for _ in range(limit):
        if journal.score()["finished"]:
            break
        journal.act(next_action(journal.record(), journal.actions(), seed, partie))
    return partie


def drawn_partie(journal: Journal, rng: random.Random) -> int:
    """A rubicon partie tied after six deals and again after eight: a draw."""
    players = list(rng.choice(PAIRS))
    partie = journal.new_partie(players, players[0], "rubicon")
    for number in range(1, 9):
        if number > 1:
            journal.act({"next_deal": True})
        points = rng.randint(0, 30)
        journal.act({"entered": {"elder": points, "younger": points}})
    assert journal.score()["result"]["draw"]
    return partie


def tricks(rng: random.Random) -> str:
    """Twelve trick winners, a capot one time in three."""
    return rng.choice(["E" * 12, "Y" * 12, "".join(rng.choice("EY") for _ in range(12))])


def blanche_deal(rng: random.Random) -> dict[str, Any]:
    """A complete deal in which Elder holds a carte blanche (no K, Q or J)."""
    pack = list(NON_FACE)
    rng.shuffle(pack)
    elder = pack[:12]
    younger = pack[12:] + rng.sample(FACES, 4)
    return {
        "carte_blanche": ["elder"],
        "hands": {"elder": elder, "younger": younger},
        "tricks": tricks(rng),
    }


def pique_deal(rng: random.Random) -> dict[str, Any]:
    """A complete deal in which Elder piques: a huitième of spades (point 8 and
    18) and three aces make 29 in hand, Younger can score nothing before play,
    and Elder's first lead makes 30."""
    elder = [f"{rank}S" for rank in ("A", "K", "Q", "J", "10", "9", "8", "7")]
    elder += ["AH", "AD", "7H", "7D"]
    rest = [card for card in NON_FACE + FACES if card not in elder]
    rng.shuffle(rest)
    return {
        "hands": {"elder": elder, "younger": rest[:12]},
        "tricks": tricks(rng),
    }


def complete(deal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The deal with its tricks made up to twelve (plain winners after any given)."""
    tricks = deal.get("tricks", [])
    if isinstance(tricks, str):
        deal["tricks"] = tricks + "".join(rng.choice("EY") for _ in range(12 - len(tricks)))
    elif len(tricks) < 12:
        if any("lead" in t for t in tricks):
            return deal  # cards given: leave it as it is (only as the last deal)
        deal["tricks"] = tricks + [{"winner": rng.choice("EY")} for _ in range(12 - len(tricks))]
    return deal


def storable(deal: dict[str, Any]) -> dict[str, Any]:
    """The deal without a `declared` in which both hands sank everything: the
    journal cannot keep that as actions (an empty `declared` is lost, and with
    `hands` the engine then declares all), so `import_record` refuses it."""
    declared = deal.get("declared")
    if declared is not None and not any(declared.values()):
        deal = {key: value for key, value in deal.items() if key != "declared"}
    return deal


def imported_partie(
    journal: Journal, rng: random.Random, draw_deal: Callable[[], dict[str, Any]]
) -> int:
    """A rubicon record of rich or card-by-card deals, stored by `import_record`.

    Unfinished when the last deal is left incomplete or the six deals tie."""
    players = list(rng.choice(PAIRS))
    count = rng.randint(1, 6)
    deals = []
    for number in range(1, count + 1):
        chosen = rng.random()
        if chosen < 0.15:
            deal = blanche_deal(rng)
        elif chosen < 0.3:
            deal = pique_deal(rng)
        else:
            deal = storable(draw_deal())
        if number < count or rng.random() < 0.7:
            deal = complete(deal, rng)
        if len(deal.get("tricks", [])) < 12 and number < count:
            deal = blanche_deal(rng)  # only the last deal may be incomplete
        deals.append(deal)
    record = {
        "format": "piquet-record/1",
        "players": players,
        "first_dealer": rng.choice(players),
        "deals": deals,
    }
    return journal.import_record(record)


def corrected_partie(journal: Journal, rng: random.Random) -> int:
    """A partie played to its end, then one or two of its deals corrected (Law 70),
    maybe one of them undone again; corrections the engine refuses are skipped."""
    from scorer.errors import ActionError

    partie = play_partie(journal, rng, True, rng.choice(["rubicon", "four-deal", "au-cent"]))
    deals = len(journal.score(partie)["deals"])
    for _ in range(rng.randint(1, 2)):
        now = {"elder": rng.randint(0, 60), "younger": rng.randint(0, 60)}
        try:
            journal.correct(partie, rng.randint(1, deals), now)
        except ActionError:
            continue
    if rng.random() < 0.25 and "correct" in journal.actions(partie)[-1]:
        journal.undo(partie=partie)
    return partie


KINDS = ("rubicon", "four-deal", "au-cent", "unfinished", "draw", "imported", "corrected")


def random_history(
    journal: Journal,
    rng: random.Random,
    parties: int,
    draw_deal: Callable[[], dict[str, Any]],
    kinds: list[str] | None = None,
) -> list[int]:
    """`parties` parties of random kinds (or of `kinds`, in that order, each one
    of KINDS: a game played to its end, or unfinished, a draw, an import);
    returns their ids."""
    made = []
    for index in range(parties):
        kind = kinds[index] if kinds else rng.choice([*KINDS, "rubicon", "imported"])
        if kind == "draw":
            made.append(drawn_partie(journal, rng))
        elif kind == "imported":
            made.append(imported_partie(journal, rng, draw_deal))
        elif kind == "unfinished":
            made.append(play_partie(journal, rng, False))
        elif kind == "corrected":
            made.append(corrected_partie(journal, rng))
        else:
            made.append(play_partie(journal, rng, True, kind))
    return made
