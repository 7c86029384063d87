"""The French of the forms for several players agrees with its names: a verb
with two partners is plural ("Anne et Cleo font"), and "de" and "que" elide
before a vowel ("d'Anne", "qu'Anne"), as the kiosk shows them."""

from __future__ import annotations

from scorer.multi import score_record2


def whys(record: dict, lang: str = "fr") -> list[str]:
    return [line["why"] for deal in score_record2(record, lang)["deals"] for line in deal["lines"]]


VOLEUR_REPIQUE = {
    "format": "piquet-record/2",
    "form": "voleur",
    "players": ["Anne", "Ben", "Cleo", "Dan"],
    "first_dealer": "Dan",
    "deals": [
        {"carte_blanche": ["A", "C"], "declared": {"B": {"point": {"cards": 4}}}, "tricks": "A"}
    ],
}


def test_two_partners_take_a_plural_verb():
    text = whys(VOLEUR_REPIQUE)
    assert "Repic\u202f: Anne et Cleo font 20 en main avant que Ben et Dan ne marquent rien" in text
    assert not any("Anne et Cleo fait" in t for t in text)


def test_one_player_keeps_the_singular_and_que_elides_before_a_vowel():
    record = {
        "format": "piquet-record/2",
        "form": "normand",
        "players": ["Ben", "Anne", "Cleo"],
        "first_dealer": "Cleo",
        "deals": [
            {
                "declared": {
                    "A": {
                        "point": {"cards": 6, "value": 55},
                        "sequences": [{"length": 5, "top": "A"}],
                    }
                },
                "tricks": "AAAA",
            }
        ],
    }
    text = whys(record)
    assert "Repic\u202f: Ben fait 21 en main avant qu'Anne et Cleo ne marquent rien" in text


def test_de_elides_before_a_vowel_and_not_before_a_consonant():
    record = {
        "format": "piquet-record/2",
        "form": "normand",
        "players": ["Ben", "Anne", "Cleo"],
        "first_dealer": "Cleo",
        "deals": [
            {
                "declared": {
                    "A": {
                        "point": {"cards": 6, "value": 55},
                        "sequences": [{"length": 5, "top": "A"}, {"length": 3, "top": "J"}],
                        "sets": [],
                    },
                    "B": {
                        "point": {"cards": 4},
                        "sequences": [{"length": 4, "top": "K"}],
                        "sets": [],
                    },
                    "C": {"point": None, "sequences": [], "sets": [{"count": 3, "rank": "A"}]},
                }
            }
        ],
    }
    text = whys(record)
    assert "Point de six valant 55, bon contre le point de quatre d'Anne" in text
    assert "Quinte à l'as, bonne contre la quatrième au roi d'Anne" in text
    assert "Tierce au valet compte aussi\u202f: les séquences de Ben sont bonnes" in text
    assert not any("de Anne" in t or "que Anne" in t for t in text)


def test_english_is_unchanged():
    text = whys(VOLEUR_REPIQUE, "en")
    assert "Repique: Anne and Cleo made 20 in hand before Ben and Dan scored anything" in text
