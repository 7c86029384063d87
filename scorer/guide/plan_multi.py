"""The guide's sections on Piquet Normand and Piquet Voleur, with their worked
examples as `piquet-record/2` records (docs/record-2.md), scored by
`scorer.multi` when the guide is built.

A section's id is the `rule` the engine gives the score lines it explains
(`normand-repique`, `voleur-play`...). In Normand, Anne, Ben and Cleo sit at
seats A, B and C, and Cleo deals, so Anne announces and leads first. In
Voleur, Anne and Cleo (A and C) play Ben and Dan (B and D), and Dan deals, so
Anne leads. Claims name seats (Normand) or sides (Voleur: "AC", "BD");
`equals` ties a figure of the example to a fact of the engine.
"""

from __future__ import annotations

from typing import Any

from scorer.guide.plan_types import ExamplePlan, SectionPlan

PART = "more players"


def normand(*deals: dict[str, Any], **settings: Any) -> dict[str, Any]:
    return {
        "format": "piquet-record/2",
        "form": "normand",
        "players": ["Anne", "Ben", "Cleo"],
        "first_dealer": "Cleo",
        "settings": settings,
        "deals": list(deals),
    }


def voleur(*deals: dict[str, Any], **settings: Any) -> dict[str, Any]:
    return {
        "format": "piquet-record/2",
        "form": "voleur",
        "players": ["Anne", "Ben", "Cleo", "Dan"],
        "first_dealer": "Dan",
        "partnerships": [["A", "C"], ["B", "D"]],
        "settings": settings,
        "deals": list(deals),
    }


def calls(
    point: tuple[int, int] | None = None,
    sequences: tuple[tuple[int, str], ...] = (),
    sets: tuple[tuple[int, str], ...] = (),
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if point is not None:
        out["point"] = {"cards": point[0], "value": point[1]}
    if sequences:
        out["sequences"] = [{"length": n, "top": t} for n, t in sequences]
    if sets:
        out["sets"] = [{"count": n, "rank": r} for n, r in sets]
    return out


# --- Piquet Normand -------------------------------------------------------------------

NORMAND_REPIQUE = normand(
    {
        "exchange": {"C": 2},
        "declared": {
            "A": calls((6, 55), ((5, "A"),)),
            "B": {"point": {"cards": 4}},
            "C": calls(None, (), ((3, "K"),)),
        },
        "tricks": "AAAABBBCCA",
    }
)
NORMAND_SAVED = normand(
    {
        "carte_blanche": ["B"],
        "declared": {"A": calls((6, 55), ((5, "A"),))},
        "tricks": "AAAABBBCCA",
    }
)
NORMAND_PIQUE = normand(
    {
        "declared": {"A": calls((6, 56), ((4, "A"),), ((3, "K"),))},
        "tricks": "AAAAAAABBC",
    }
)
NORMAND_PLAY = normand({"tricks": "ABBCAACBAA"})
NORMAND_TIE = normand({"tricks": "AAAABBBBCC"})
NORMAND_CAPOT = normand({"tricks": "A" * 10})
NORMAND_SHARED = normand({"tricks": "AAAAABBBBB"})

# --- Piquet Voleur --------------------------------------------------------------------

VOLEUR_PARTNERS = voleur(
    {
        "declared": {"A": calls((5, 48)), "C": calls((4, 39)), "B": calls((4, 40))},
        "tricks": "ACCBDAAB",
    }
)
VOLEUR_REPIQUE = voleur(
    {
        "carte_blanche": ["A", "C"],
        "declared": {"B": calls((4, 38))},
        "tricks": [{"winner": "C", "cards": ["9H", "7H", "AH", "8H"]}],
    }
)
VOLEUR_PIQUE = voleur(
    {
        "declared": {"A": calls((5, 48), ((4, "K"),)), "C": calls(None, (), ((3, "A"), (3, "Q")))},
        "tricks": "AAAAACCB",
    }
)
VOLEUR_PLAY = voleur({"tricks": "CCBBACAA"})
VOLEUR_DIVIDED = voleur({"tricks": "AACCBBDD"})
VOLEUR_CAPOT = voleur({"tricks": "AAAACCCC"})

SECTIONS: tuple[SectionPlan, ...] = (
    SectionPlan(
        "normand-repique",
        PART,
        (
            ExamplePlan("repique", NORMAND_REPIQUE, {"repique": "A", "point": ["A"]}),
            ExamplePlan(
                "saved", NORMAND_SAVED, {"repique": None, "point": ["A"], "sequences": ["A"]}
            ),
        ),
        ("normand-pique", "repique", "order"),
    ),
    SectionPlan(
        "normand-pique",
        PART,
        (ExamplePlan("pique", NORMAND_PIQUE, {"pique": "A", "repique": None}),),
        ("normand-repique", "normand-play", "pique"),
    ),
    SectionPlan(
        "normand-play",
        PART,
        (ExamplePlan("tricks", NORMAND_PLAY, {"cards": ["A"]}),),
        ("normand-cards", "play"),
    ),
    SectionPlan(
        "normand-cards",
        PART,
        (
            ExamplePlan("most", NORMAND_PLAY, {"cards": ["A"]}, {"A_cards": "normand_cards"}),
            ExamplePlan(
                "tied",
                NORMAND_TIE,
                {"cards": ["A", "B"]},
                {"A_cards": "normand_cards_tie", "B_cards": "normand_cards_tie"},
            ),
        ),
        ("normand-capot", "normand-play", "cards"),
    ),
    SectionPlan(
        "normand-capot",
        PART,
        (
            ExamplePlan("capot", NORMAND_CAPOT, {"capot": ["A"]}, {"A_capot": "normand_capot"}),
            ExamplePlan(
                "shared",
                NORMAND_SHARED,
                {"capot": ["A", "B"], "cards": []},
                {"A_capot": "normand_shared_capot", "B_capot": "normand_shared_capot"},
            ),
        ),
        ("normand-cards", "capot"),
    ),
    SectionPlan(
        "voleur-partners",
        PART,
        (ExamplePlan("point", VOLEUR_PARTNERS, {"point": ["A", "C"]}),),
        ("voleur-repique", "declarations"),
    ),
    SectionPlan(
        "voleur-repique",
        PART,
        (ExamplePlan("cartes-blanches", VOLEUR_REPIQUE, {"repique": "AC", "point": ["B"]}),),
        ("voleur-pique", "carte-blanche", "repique"),
    ),
    SectionPlan(
        "voleur-pique",
        PART,
        (ExamplePlan("pique", VOLEUR_PIQUE, {"pique": "AC", "repique": None}),),
        ("voleur-repique", "voleur-play", "pique"),
    ),
    SectionPlan(
        "voleur-play",
        PART,
        (ExamplePlan("tricks", VOLEUR_PLAY, {"cards": "AC"}),),
        ("voleur-cards", "play"),
    ),
    SectionPlan(
        "voleur-cards",
        PART,
        (
            ExamplePlan("majority", VOLEUR_PLAY, {"cards": "AC"}, {"AC_cards": "voleur_cards"}),
            ExamplePlan("divided", VOLEUR_DIVIDED, {"cards": None}, {"AC_cards": 0}),
        ),
        ("voleur-capot", "voleur-play", "cards"),
    ),
    SectionPlan(
        "voleur-capot",
        PART,
        (ExamplePlan("capot", VOLEUR_CAPOT, {"capot": "AC"}, {"AC_capot": "voleur_capot"}),),
        ("voleur-cards", "capot"),
    ),
)
