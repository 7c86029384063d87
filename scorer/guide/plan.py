"""The guide's sections in order, with their worked examples as records.

Texts live in `en.py` and `fr.py`, keyed by the ids used here. Each example
is a small `piquet-record/1` that the engine scores when the guide is built;
its `claims` (who is good in a class, which bonus falls to whom, who wins)
are checked against that score, so an example whose story and score
disagree stops the build (`GuideError`) rather than teach something false.

Players are Anne and Ben; Ben deals first, so Anne is Elder in deal 1.
Claims name roles of the last deal ("E", "Y") or players, and `equals`
ties an example's figure to a fact of the engine (or to a number).
"""

from __future__ import annotations

from typing import Any

from scorer.guide.plan_types import ExamplePlan, SectionPlan

PARTS = ("deal", "declarations", "play", "bonuses", "partie", "house rules", "more players")


def record(*deals: dict[str, Any], game: str = "rubicon", **variants: Any) -> dict[str, Any]:
    return {
        "format": "piquet-record/1",
        "game": game,
        "variants": variants,
        "players": ["Anne", "Ben"],
        "first_dealer": "Ben",
        "deals": list(deals),
    }


def calls(
    point: tuple[int, int] | int | None = None,
    sequences: tuple[tuple[int, str], ...] = (),
    sets: tuple[tuple[int, str], ...] = (),
) -> dict[str, Any]:
    """One hand's declarations: point (cards, value) or cards, sequences (length, top),
    sets (count, rank)."""
    out: dict[str, Any] = {}
    if isinstance(point, tuple):
        out["point"] = {"cards": point[0], "value": point[1]}
    elif point is not None:
        out["point"] = {"cards": point}
    if sequences:
        out["sequences"] = [{"length": n, "top": t} for n, t in sequences]
    if sets:
        out["sets"] = [{"count": n, "rank": r} for n, r in sets]
    return out


def declared(elder: dict[str, Any], younger: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"declared": {"elder": elder, "younger": younger}, **more}


def entered(*pairs: tuple[int, int]) -> list[dict[str, Any]]:
    return [{"entered": {"elder": e, "younger": y}} for e, y in pairs]


# --- the records ------------------------------------------------------------------

SPEC_DEAL = record(
    declared(
        calls((5, 49), ((4, "A"),), ((3, "J"),)),
        calls((5, 48), (), ((4, "10"), (3, "Q"))),
        tricks="EEEEEYYYYYEE",
    )
)
BLANCHE_REPIQUE = record(declared(calls((6, 57), ((6, "K"),)), {}, carte_blanche=["elder"]))
BLANCHE_SAVES = record(
    declared(calls((6, 57), ((6, "K"),), ((4, "A"),)), {}, carte_blanche=["younger"])
)
ALL_OF_A_CLASS = record(
    declared(
        calls(None, ((5, "K"), (3, "9")), ((3, "Q"),)),
        calls(None, ((4, "A"),), ((3, "A"), (3, "J"))),
    )
)
POINT_LONGER = record(declared(calls(5), calls(6)))
POINT_MAKING = record(declared(calls((5, 49)), calls((5, 48))))
POINT_EQUAL = record(declared(calls((5, 49)), calls((5, 49))))
SEQUENCE_LONGER = record(declared(calls(None, ((4, "A"), (3, "Q"))), calls(None, ((5, "J"),))))
SEQUENCE_HIGHER = record(declared(calls(None, ((4, "K"),)), calls(None, ((4, "Q"),))))
SEQUENCE_EQUAL = record(declared(calls(None, ((4, "A"),)), calls(None, ((4, "A"),))))
QUATORZE_BEATS_TRIO = record(
    declared(calls(None, (), ((3, "A"), (3, "K"))), calls(None, (), ((4, "10"),)))
)
TRIOS = record(declared(calls(None, (), ((3, "K"), (3, "10"))), calls(None, (), ((3, "Q"),))))
PLAY = record({"tricks": "EEYYYEEYEEYE"})
CARDS_MAJORITY = record({"tricks": "EEEYYEEYEEYY"})
CARDS_DIVIDED = record({"tricks": "EEEYYYEEEYYY"})
CAPOT = record({"tricks": "E" * 12})
YOUNGER_POINT_SAVES = record(declared(calls(5, ((5, "K"),), ((4, "A"), (3, "J"))), calls(6)))
YOUNGER_REPIQUE = record(
    declared(
        calls((6, 60), ((6, "A"), (4, "A")), ((4, "A"),)),
        calls((7, 64), ((7, "K"), (5, "K"))),
        tricks="E",
    )
)
PIQUE_ON_THE_LEAD = record(
    declared(calls(5, ((5, "A"),), ((3, "A"), (3, "K"), (3, "Q"))), {}, tricks="Y")
)
CAPOT_NO_PIQUE = record(declared(calls(6, ((4, "A"),), ((3, "K"), (3, "Q"))), {}, tricks="E" * 12))
HIGHEST_DEAL = record(
    declared(
        calls((6, 60), ((6, "A"),), ((4, "A"), (4, "10"))),
        {},
        carte_blanche=["elder"],
        tricks="E" * 12,
    )
)
ELDER_REPIQUE = record(
    declared(
        calls(7, ((7, "A"),), ((3, "A"), (3, "K"))),
        calls(5, ((3, "J"),), ((3, "Q"),)),
    )
)
ELDER_PIQUE = record(declared(calls(6, ((5, "A"),), ((3, "K"),)), calls(4), tricks="EEEEEEYYEYYE"))
PIQUE_SAVED = record(
    declared(calls(6, ((5, "A"),), ()), calls(4, (), ((3, "Q"),)), tricks="EEEEEEEEEYYE")
)
RUBICON_DIFFERENCE = record(*entered((32, 18), (21, 30), (26, 17), (13, 38), (41, 9), (25, 22)))
RUBICONED = record(*entered((22, 18), (31, 20), (16, 7), (12, 35), (40, 9), (6, 21)))
TIED_SIX = ((30, 20), (30, 20), (25, 15), (25, 15), (30, 30), (10, 10))
TIE = record(*entered(*TIED_SIX, (18, 21), (14, 26)))
DRAW = record(*entered(*TIED_SIX, (18, 21), (18, 21)))
THROW_IN = record(
    *entered((40, 12), (8, 52), (45, 10), (9, 38), (36, 14)),
    declared(calls(4), calls((5, 47)), throw_in="elder"),
)
FOUR_DEAL = record(*entered((28, 14), (19, 30), (33, 11), (12, 26)), game="four-deal")
AU_CENT = record(*entered((34, 10), (12, 22), (52, 8)), game="au-cent")
ENTERED = record(*entered((28, 23)))
YOUNGER_TAKES_NONE = record(
    {"exchange": {"elder": 5, "younger": 0}}, younger_may_exchange_none=True
)
TENS_AND_ABOVE = record(
    {
        "tricks": [
            {"winner": "Y", "lead": "9H", "follow": "10H"},
            {"winner": "Y", "lead": "AS", "follow": "7S"},
            {"winner": "E", "lead": "8C", "follow": "AC"},
        ]
    },
    trick_count="tens_and_above",
)
CARD_PLAYED = record({"tricks": "EYY"}, trick_count="card_played")
LAST_TRICK_TEN = record({"tricks": "EEEEEEEYYYYY"}, trick_count="last_trick_ten")
AMERICAN = record({"tricks": "EYYE"}, trick_count="american")
CARTE_ROUGE = record(
    {
        "hands": {
            "elder": "AH KH QH JH 10H 9H 8H AS KS QS AD AC".split(),
            "younger": "JS 10S 9S 8S KD QD JD 10D 9D 8D 7D 7C".split(),
        }
    },
    carte_rouge=20,
)
VOID_SUIT = record(
    declared(
        {"point": {"cards": 5, "value": 50}, "sequences": [{"length": 5, "top": "void"}]},
        calls((5, 49), ((5, "K"),)),
    ),
    void_suit_point=True,
)
SETS_WITHOUT_TENS = record(
    {
        "hands": {
            "elder": "JS JH JD AS KH 9S 8H 7D 9C 8C QD 7S".split(),
            "younger": "10S 10H 10D 10C KS QH 9H 8S 9D AC KC 7H".split(),
        }
    },
    sets_without_tens=True,
)
ENDING_IN_FOUR = record(declared(calls((5, 44)), calls(4)), point_ending_in_four=True)
STOP_AT_TARGET = record(
    *entered((20, 93)),
    declared(calls((7, 64)), calls(4), tricks=""),
    game="au-cent",
    stop_at_target=True,
)

# --- the sections -------------------------------------------------------------------

SECTIONS: tuple[SectionPlan, ...] = (
    SectionPlan(
        "deal",
        "deal",
        (ExamplePlan("whole-deal", SPEC_DEAL, {"point": "E", "sequences": "E", "sets": "Y"}),),
        ("exchange", "declarations", "play", "order"),
    ),
    SectionPlan("exchange", "deal", (), ("deal", "variant-younger-may-exchange-none")),
    SectionPlan(
        "carte-blanche",
        "deal",
        (
            ExamplePlan("toward-repique", BLANCHE_REPIQUE, {"repique": "E"}),
            ExamplePlan(
                "saves-repique",
                BLANCHE_SAVES,
                {"repique": None, "point": "E", "sequences": "E", "sets": "E"},
            ),
        ),
        ("order", "repique"),
    ),
    SectionPlan(
        "declarations",
        "declarations",
        (ExamplePlan("all-of-a-class", ALL_OF_A_CLASS, {"sequences": "E", "sets": "Y"}),),
        ("point", "sequences", "sets"),
    ),
    SectionPlan(
        "point",
        "declarations",
        (
            ExamplePlan("longer", POINT_LONGER, {"point": "Y"}),
            ExamplePlan("making", POINT_MAKING, {"point": "E"}),
            ExamplePlan("equal", POINT_EQUAL, {"point": None}),
        ),
        ("declarations", "order"),
    ),
    SectionPlan(
        "sequences",
        "declarations",
        (
            ExamplePlan("longer", SEQUENCE_LONGER, {"sequences": "Y"}),
            ExamplePlan("higher", SEQUENCE_HIGHER, {"sequences": "E"}),
            ExamplePlan("equal", SEQUENCE_EQUAL, {"sequences": None}),
        ),
        ("declarations", "point"),
    ),
    SectionPlan(
        "sets",
        "declarations",
        (
            ExamplePlan("quatorze", QUATORZE_BEATS_TRIO, {"sets": "Y"}),
            ExamplePlan("trios", TRIOS, {"sets": "E"}),
        ),
        ("declarations", "variant-sets-without-tens"),
    ),
    SectionPlan("play", "play", (ExamplePlan("tricks", PLAY),), ("cards", "pique")),
    SectionPlan(
        "cards",
        "play",
        (
            ExamplePlan("majority", CARDS_MAJORITY, {"capot": None}),
            ExamplePlan("divided", CARDS_DIVIDED, {"capot": None}, {"E_cards": 0, "Y_cards": 0}),
        ),
        ("play", "capot"),
    ),
    SectionPlan(
        "capot",
        "play",
        (ExamplePlan("all-tricks", CAPOT, {"capot": "E", "pique": None}, {"E_capot": "capot"}),),
        ("cards", "pique"),
    ),
    SectionPlan(
        "order",
        "bonuses",
        (
            ExamplePlan(
                "younger-point-saves",
                YOUNGER_POINT_SAVES,
                {"repique": None, "pique": None, "point": "Y", "sequences": "E", "sets": "E"},
            ),
            ExamplePlan(
                "younger-repique",
                YOUNGER_REPIQUE,
                {"repique": "Y", "point": "Y", "sequences": "Y", "sets": "E"},
            ),
            ExamplePlan(
                "thirty-on-the-lead",
                PIQUE_ON_THE_LEAD,
                {"pique": "E"},
                {"E_hand": 29, "Y_tricks": 1},
            ),
            ExamplePlan("capot-no-pique", CAPOT_NO_PIQUE, {"pique": None, "capot": "E"}),
            ExamplePlan("carte-blanche-repique", BLANCHE_REPIQUE, {"repique": "E"}),
            ExamplePlan(
                "highest", HIGHEST_DEAL, {"repique": "E", "capot": "E"}, {"E_deal": "max_deal"}
            ),
        ),
        ("repique", "pique", "carte-blanche", "capot"),
    ),
    SectionPlan(
        "repique",
        "bonuses",
        (
            ExamplePlan(
                "elder",
                ELDER_REPIQUE,
                {"repique": "E", "point": "E", "sequences": "E", "sets": "E"},
            ),
            ExamplePlan("younger", YOUNGER_REPIQUE, {"repique": "Y", "sets": "E"}),
        ),
        ("order", "pique"),
    ),
    SectionPlan(
        "pique",
        "bonuses",
        (
            ExamplePlan("elder", ELDER_PIQUE, {"pique": "E", "repique": None}),
            ExamplePlan("saved", PIQUE_SAVED, {"pique": None, "sets": "Y"}),
        ),
        ("order", "repique", "capot"),
    ),
    SectionPlan(
        "rubicon",
        "partie",
        (
            ExamplePlan("difference", RUBICON_DIFFERENCE, {"rubicon": False, "winner": "Anne"}),
            ExamplePlan("rubiconed", RUBICONED, {"rubicon": True, "winner": "Anne"}),
            ExamplePlan("tie", TIE, {"winner": "Anne"}, {"deals": 8}),
            ExamplePlan("draw", DRAW, {"draw": True}),
        ),
        ("throw-in", "four-deal", "au-cent"),
    ),
    SectionPlan(
        "throw-in",
        "partie",
        (ExamplePlan("last-deal", THROW_IN, {"point": "Y", "winner": "Anne", "rubicon": True}),),
        ("rubicon",),
    ),
    SectionPlan(
        "four-deal",
        "partie",
        (ExamplePlan("doubled", FOUR_DEAL, {"winner": "Anne"}),),
        ("rubicon",),
    ),
    SectionPlan(
        "au-cent",
        "partie",
        (ExamplePlan("double-game", AU_CENT, {"winner": "Anne", "double": True}),),
        (
            "variant-stop-at-target",
            "variant-point-ending-in-four",
            "variant-younger-may-exchange-none",
        ),
    ),
    SectionPlan("entered", "partie", (ExamplePlan("quick", ENTERED),), ("deal",)),
    SectionPlan(
        "variant-younger-may-exchange-none",
        "house rules",
        (ExamplePlan("takes-none", YOUNGER_TAKES_NONE),),
        ("exchange",),
    ),
    SectionPlan("variant-american", "house rules", (ExamplePlan("tricks", AMERICAN),), ("play",)),
    SectionPlan(
        "variant-tens-and-above",
        "house rules",
        (ExamplePlan("tricks", TENS_AND_ABOVE, equals={"E_play": 1, "Y_play": 2}),),
        ("play",),
    ),
    SectionPlan(
        "variant-card-played", "house rules", (ExamplePlan("tricks", CARD_PLAYED),), ("play",)
    ),
    SectionPlan(
        "variant-last-trick-ten",
        "house rules",
        (ExamplePlan("last", LAST_TRICK_TEN, {"capot": None}, {"E_cards": 0}),),
        ("play", "cards"),
    ),
    SectionPlan(
        "variant-carte-rouge",
        "house rules",
        (
            ExamplePlan(
                "every-card",
                CARTE_ROUGE,
                {"repique": "E", "point": "E", "sequences": "E", "sets": "E"},
                {"Y_carte_rouge": 0},
            ),
        ),
        ("carte-blanche", "repique"),
    ),
    SectionPlan(
        "variant-void-suit",
        "house rules",
        (
            ExamplePlan(
                "void",
                VOID_SUIT,
                {"point": "E", "sequences": "E"},
                {"E_point": "void_cards", "E_sequences": "void_sequence"},
            ),
        ),
        ("point", "sequences"),
    ),
    SectionPlan(
        "variant-sets-without-tens",
        "house rules",
        (ExamplePlan("tens", SETS_WITHOUT_TENS, {"sets": "E"}),),
        ("sets",),
    ),
    SectionPlan(
        "variant-point-ending-in-four",
        "house rules",
        (ExamplePlan("forty-four", ENDING_IN_FOUR, {"point": "E"}),),
        ("point", "au-cent"),
    ),
    SectionPlan(
        "variant-stop-at-target",
        "house rules",
        (ExamplePlan("stops", STOP_AT_TARGET, {"winner": "Ben", "double": True, "point": "E"}),),
        ("au-cent",),
    ),
)

# The forms for three and four players (scorer/guide/plan_multi.py): their own rule ids.
from scorer.guide.plan_multi import SECTIONS as _MORE_PLAYERS  # noqa: E402

SECTIONS = (*SECTIONS, *_MORE_PLAYERS)
