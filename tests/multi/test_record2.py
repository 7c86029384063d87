"""Invalid or impossible `piquet-record/2` records are refused whole, one line
per problem starting with its place (docs/record-2.md), as for two players."""

from __future__ import annotations

import pytest

from scorer.multi import FORMS, PLAYER_COUNTS, defaults, score_record2, seating
from scorer.quoting import quoted
from tests.multi.helpers import calls, normand, problems_of, record, voleur


@pytest.mark.parametrize(
    ("rec", "problem"),
    [
        ([], "record: a partie record must be a JSON object"),
        (
            {**normand(), "format": "piquet-record/1"},
            "record: format must be 'piquet-record/2', not 'piquet-record/1'",
        ),
        (
            {**normand(), "form": "bridge"},
            "record: form 'bridge' is not one of normand, voleur, ecrire, chouette",
        ),
        (record("normand", ["A", "B", "C", "D"]), "record: normand is for 3 players, not 4"),
        (record("ecrire", ["A", "B"]), "record: ecrire is for 3 to 7 players, not 2"),
        (record("ecrire", list("ABCDEFGH")), "record: players must list 2 to 7 names"),
        (record("normand", ["Anne", "Anne", "Cleo"]), "record: two players are called 'Anne'"),
        (
            record("normand", ["A" * 41, "B", "C"]),
            f"record: player name {quoted('A' * 41)} is longer than 40 characters",
        ),
        ({**normand(), "first_dealer": "Dan"}, "record: first_dealer 'Dan' is not a player"),
        (
            normand(settings={"target": 5}),
            "record: settings.target must be a whole number from 10 to 1000, not 5",
        ),
        (
            normand(settings={"pique_at": 20}),
            "record: unknown setting 'pique_at' for normand (settings: pique_opponents, "
            "shared_capot, settlement, pot_antes, target, trick_count, capot)",
        ),
        (
            normand(variants={"trick_count": "american"}),
            "record: normand takes no two-handed variants (its choices are in settings)",
        ),
        (normand(game="rubicon"), "record: normand has its own way to end; game does not apply"),
        (
            voleur(game="five-deal"),
            "record: game 'five-deal' is not one of rubicon, four-deal, au-cent",
        ),
        (
            voleur(partnerships=[["A", "B"], ["C", "D"]]),
            'record: partnerships must be [["A", "C"], ["B", "D"]]: partners sit opposite, '
            "not [['A', 'B'], ['C', 'D']]",
        ),
        (
            record("ecrire", ["A", "B", "C"], variants={"trick_count": "bridge"}),
            "record: variants.trick_count 'bridge' is not one of standard, american, "
            "tens_and_above, card_played, last_trick_ten",
        ),
        ({**normand(), "deals": {}}, "record: deals must be a list"),
        (normand(*[{}] * 201), "record: deals has 201 entries, at most 200"),
    ],
)
def test_the_table(rec: object, problem: str) -> None:
    assert problems_of(rec) == [problem]


@pytest.mark.parametrize(
    ("deal", "problem"),
    [
        ({"tricks": "A" * 11}, "deal 1: tricks has 11 entries, at most 10"),
        ({"tricks": "AAX"}, "deal 1: tricks may hold only the seats A B C, not 'X'"),
        (
            {"declared": {"A": calls(sets=[(4, "K")]), "B": calls(sets=[(4, "K")])}},
            "deal 1: A and B both declare a quatorze of kings",
        ),
        (
            {"declared": {"A": calls(sequences=[(5, "A")]), "C": calls(sets=[(4, "K")])}},
            "deal 1: the declarations need 5 kings between them, a pack has 4",
        ),
        (
            {"declared": {"A": calls(5), "B": calls((5, 45))}},
            "deal 1: A and B each call a point of 5 cards, so each needs its value",
        ),
        ({"declared": {"D": calls(5)}}, "deal 1: declared has an unknown seat 'D' (use A B C)"),
        (
            {"declared": {"A": {"point": {"cards": 5}, "quints": []}}},
            "deal 1: declared.A has unknown classes ['quints'] (point, sequences, sets)",
        ),
        (
            {"declared": {"A": calls((5, 60))}},
            "deal 1: declared.A.point: 5 cards of one suit cannot make 60 (possible: 44 to 51)",
        ),
        ({"carte_blanche": ["A", "A"]}, "deal 1: carte_blanche names the same seat twice"),
        ({"entered": {"A": 10, "B": 10, "C": 301}}, "deal 1: entered.C must be 0 to 300, not 301"),
        (
            {"entered": {"A": 10, "B": 10, "C": 0}, "tricks": "A"},
            "deal 1: entered cannot be combined with tricks",
        ),
        ({"throw_in": "A"}, "deal 1: throw_in does not apply: Piquet Normand has no throwing in"),
        ({"hands": {"A": ["AS"] * 10}}, "deal 1: hands.A: AS appears twice"),
        ({"hands": {"A": ["AS", "KS"]}}, "deal 1: hands.A: a hand has 10 cards, this one has 2"),
    ],
)
def test_a_normand_deal(deal: dict, problem: str) -> None:
    assert problems_of(normand(deal)) == [problem]


HAND_A = ["AS", "KS", "QS", "JS", "10S", "9S", "AH", "KH", "7D", "8D"]
HAND_B = ["8S", "7S", "QH", "JH", "10H", "9H", "AD", "KD", "QD", "JD"]
HAND_C = ["8H", "7H", "10D", "9D", "AC", "KC", "QC", "JC", "10C", "9C"]


def test_hands_hold_what_is_declared_and_what_is_played() -> None:
    hands = {"A": HAND_A, "B": HAND_B, "C": HAND_C}
    # A leads AS; B must follow with a spade (8S or 7S); C has none.
    legal = {"hands": hands, "tricks": [{"winner": "A", "cards": ["AS", "8S", "AC"]}]}
    assert score_record2(normand(legal))["deals"][0]["complete"] is False
    assert problems_of(
        normand({"hands": hands, "tricks": [{"winner": "A", "cards": ["AS", "QH", "AC"]}]})
    ) == ["deal 1: trick 1: B must follow suit to AS but plays QH"]
    assert problems_of(
        normand({"hands": hands, "tricks": [{"winner": "A", "cards": ["AD", "8S", "AC"]}]})
    ) == ["deal 1: trick 1: A plays AD, which is not in the hand"]
    assert problems_of(normand({"hands": hands, "declared": {"A": calls(sets=[(4, "A")])}})) == [
        "deal 1: A declares 4 aces but the hand holds 2 (a false declaration)"
    ]
    assert problems_of(normand({"hands": {"A": HAND_A, "B": HAND_A}})) == [
        "deal 1: AS is in the hands of both A and B (a card twice)"
    ]
    assert problems_of(normand({"hands": hands, "carte_blanche": "A"})) == [
        "deal 1: A claims carte blanche but holds a king, queen or jack"
    ]


def test_hands_alone_declare_everything_they_hold() -> None:
    answer = score_record2(normand({"hands": {"A": HAND_A, "B": HAND_B, "C": HAND_C}}))
    # A and C each hold six cards to the ace (spades, clubs), worth 60: their points
    # are equal and so are their sixièmes, so nobody scores either class; B's two
    # quarts are lower. No seat holds three of a rank from the ten up: nobody scores.
    assert answer["deals"][0]["lines"] == []


def test_every_problem_of_every_deal_is_listed() -> None:
    rec = normand({"tricks": "A" * 11}, {"tricks": "X"}, {"entered": {"A": -1, "B": 0, "C": 0}})
    assert problems_of(rec) == [
        "deal 1: tricks has 11 entries, at most 10",
        "deal 2: tricks may hold only the seats A B C, not 'X'",
        "deal 3: entered.A must be 0 to 300, not -1",
    ]


def test_only_the_last_deal_may_be_incomplete() -> None:
    assert problems_of(normand({"tricks": "AB"}, {})) == [
        "deal 1: incomplete, but only the last deal may be"
    ]
    assert problems_of(voleur({"tricks": "AB"}, {})) == [
        "deal 1: incomplete, but only the last deal may be"
    ]


def test_voleur_deals() -> None:
    assert problems_of(voleur({"tricks": "A" * 9})) == ["deal 1: tricks has 9 entries, at most 8"]
    assert problems_of(voleur({"entered": {"AC": 10}})) == [
        "deal 1: entered must give a total for each of AC BD"
    ]


def test_chouette_parties() -> None:
    base = {"format": "piquet-record/2", "form": "chouette", "players": ["A", "B", "C"]}
    assert problems_of({**base, "parties": {}}) == ["record: parties must be a list"]
    assert problems_of({**base, "parties": [{"single": "A", "playing": "A"}]}) == [
        "partie 1: A cannot hold the single seat and play for the pair"
    ]
    assert problems_of({**base, "parties": [{"single": "D", "playing": "A"}]}) == [
        "partie 1: single must be a seat (A B C), not 'D'"
    ]
    assert problems_of(
        {**base, "parties": [{"single": "A", "playing": "B", "first_dealer": "C", "deals": []}]}
    ) == ["partie 1: first_dealer C neither holds the single seat nor plays for the pair"]
    assert problems_of(
        {
            **base,
            "parties": [
                {
                    "single": "A",
                    "playing": "B",
                    "first_dealer": "A",
                    "deals": [{"tricks": "AB"}, {}],
                }
            ],
        }
    ) == ["partie 1: deal 1: incomplete, but only the last deal may be"]


def test_the_forms_and_their_settings_are_published() -> None:
    assert FORMS == ("normand", "voleur", "ecrire", "chouette")
    assert PLAYER_COUNTS["ecrire"] == (3, 7)
    assert defaults("normand")["target"] == 100 and defaults("chouette") == {}


def test_seating() -> None:
    seats = seating("voleur", ["Anne", "Ben", "Cleo", "Dan"], "Dan", 2)
    assert seats["dealer"] == "Anne" and seats["leader"] == "Ben"
    assert seats["playing"] == ["Ben", "Cleo", "Dan", "Anne"]
    assert seats["sides"] == [["Anne", "Cleo"], ["Ben", "Dan"]]
    with pytest.raises(ValueError, match="first_dealer"):
        seating("normand", ["Anne", "Ben", "Cleo"], "Zoe", 1)


@pytest.mark.parametrize(
    "declared",
    [
        {"A": {"sequences": [{"length": 3, "top": "K" * 100_000}]}},
        {"A": {"sets": [{"count": "4" * 100_000, "rank": "A"}]}},
        {"A": {"point": {"cards": "9" * 100_000, "value": 50}}},
    ],
)
def test_a_hostile_declaration_is_quoted_briefly_as_in_two_player_records(declared):
    # record/2 reads declarations with the two-player readers (scorer.record):
    # a bad value is quoted in a few dozen characters, never whole
    problems = problems_of(normand({"declared": declared}))
    assert any("declared.A" in p for p in problems)
    assert all(len(p) < 300 for p in problems)
