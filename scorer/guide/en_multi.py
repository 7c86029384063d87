# ruff: noqa: E501
"""The rules guide in English: Piquet Normand and Piquet Voleur (their own
rule ids; the rules they share with two players are the other sections).

No number is written here: every figure is a `{placeholder}` filled from the
engine (`facts_multi.py`) or from the score of the section's worked example
(`model_multi.figures`). In the examples, a seat letter names its player
(`{A}` is Anne) and `{A_play}` what that player scored in play; in Voleur,
`{AC_play}` is what Anne and Cleo's side scored.
"""

from __future__ import annotations

SECTIONS: dict[str, dict] = {
    "normand-repique": {
        "title": "Piquet Normand: repique",
        "source": "seed: Scarne (Piquet Normand)",
        "text": """\
Piquet Normand is played by {normand_players} players, each dealt {normand_hand} cards; the {normand_widow} left over are a widow that only the dealer may take, giving as many of his own cards for it. The player at the dealer's left announces first and leads to the first trick, then the others in turn. The scores still reckon class by class, as in ordinary piquet: carte blanche, point, sequences, sets, play, the cards.

In each class the best holding is good only if it beats the best of every other player: equal best holdings score nothing, whatever a third player holds below them.

A player who makes {normand_bonus_at} in hand (carte blanche, point, sequences, sets), by scores that reckon before anything either other player scores, makes a repique: {normand_repique} more. A score of another player that reckons earlier saves it. The first to reach {normand_target} at the end of a deal wins the game.""",
        "examples": {
            "repique": {
                "title": "A repique at the Normand table",
                "text": """\
{A} declares {A_declares}; {B} calls {B_declares} and {C} declares {C_declares}. {A}'s point and sequence are good and make {A_upto_sequences} before {B} or {C} has scored: a repique, {A_repique} more. {C}'s trio is good too, but sets reckon after sequences.""",
            },
            "saved": {
                "title": "A carte blanche saves the repique",
                "text": """\
{B} announces a carte blanche: {B_carte_blanche}. {A} declares {A_declares}, all of it good: {A_hand} in hand. But the carte blanche reckoned first, so {A} did not reach {normand_bonus_at} before another player scored: no repique.""",
            },
        },
    },
    "normand-pique": {
        "title": "Piquet Normand: pique",
        "source": "seed: Scarne (Piquet Normand)",
        "text": """\
A player who reaches {normand_bonus_at} in hand and play together before the other players have scored anything in the deal makes a pique: {normand_pique} more.
- Only the player at the dealer's left can make it: he leads the first trick, so by the time another player scores in play, he has scored his lead.
- The cards and capot reckon after the play: they never count toward a pique. A player who repiqued does not also pique.
- The seed gives the pique for {normand_bonus_at} "before both opponents have any score", which reads either way. By default (setting pique_opponents, "neither") a score by either opponent saves it; with "not_both", only a score by each of them.""",
        "examples": {
            "pique": {
                "title": "A pique from the first lead on",
                "text": """\
{A} declares {A_declares}, {A_hand} in hand, and nobody else calls anything. She leads and wins trick after trick; her leads bring her to {normand_bonus_at} before {B} or {C} has scored: a pique, {A_pique} more.""",
            },
        },
    },
    "normand-play": {
        "title": "Piquet Normand: the play",
        "source": "seed: Scarne (Piquet Normand); Cavendish, Law 65, counted for each player",
        "text": """\
The seed does not say how the play is counted; it is counted as in ordinary piquet, for each player: {normand_lead} for each trick he leads, {normand_win} for winning a trick another player led, and {normand_last} more for the last trick. The winner of a trick leads to the next.""",
        "examples": {
            "tricks": {
                "title": "Points of play around the table",
                "text": """\
The tricks go {trick_list}. {A} scores {A_play} in play, {B} {B_play} and {C} {C_play}.""",
            },
        },
    },
    "normand-cards": {
        "title": "Piquet Normand: the cards",
        "source": "seed: Scarne (Piquet Normand)",
        "text": """\
After the last of the {normand_tricks} tricks, the player who won the most scores {normand_cards} for the cards. Players tied for the most score {normand_cards_tie} each, and the other nothing: {normand_tricks} tricks cannot be shared equally among {normand_players} players, so the seed's "if all tie" can only mean a tie at the top. Winning every trick is capot.""",
        "examples": {
            "most": {
                "title": "The most tricks",
                "text": """\
{A} wins {A_tricks} tricks, {B} {B_tricks} and {C} {C_tricks}: {A} scores {A_cards} for the cards.""",
            },
            "tied": {
                "title": "Tied for the most tricks",
                "text": """\
{A} and {B} win {A_tricks} tricks each and {C} {C_tricks}: {A} and {B} are tied for the most and score {A_cards} each.""",
            },
        },
    },
    "normand-capot": {
        "title": "Piquet Normand: capot",
        "source": "seed: Scarne (Piquet Normand)",
        "text": """\
A player who wins all {normand_tricks} tricks scores capot, {normand_capot}, instead of the {normand_cards} for the most tricks; the point for the last trick still counts.

When a pair of players take all the tricks between them, the third taking none, each of them scores {normand_shared_capot}. By default (setting shared_capot, "instead") that replaces the {normand_cards} or {normand_cards_tie} for the most tricks; with "besides" it comes as well.

Capot reckons with the cards, after the play: it never counts toward a pique.""",
        "examples": {
            "capot": {
                "title": "Every trick to one player",
                "text": """\
{A} wins every trick: {A_play} in play and {A_capot} for capot.""",
            },
            "shared": {
                "title": "Every trick to the same pair of players",
                "text": """\
{A} and {B} win {A_tricks} tricks each and {C} none: each of them scores {A_capot}, and nobody scores for the most tricks.""",
            },
        },
    },
    "voleur-partners": {
        "title": "Piquet Voleur: partners' combinations",
        "source": "seed: Scarne (Piquet Voleur)",
        "text": """\
Piquet Voleur is played by {voleur_players} players in partnerships, partners sitting opposite. The whole pack is dealt, {voleur_hand} cards each; there is no exchange. The declarations are made as the first trick goes round and reckon class by class, as in ordinary piquet. The partie is a rubicon, four-deal or au Cent partie between the sides.

In each class the best holding is good only if it beats the other side's best. When a player's combination is good, his partner also scores every combination of that class he holds, even one lower than the other side's best; the other side scores nothing in that class.

The seed's "only one partner of a side may score for point" reads either way: by default (setting partners_point, "both") the partner of the good point scores his own point too; with "one", only the holder of the good point scores it.""",
        "examples": {
            "point": {
                "title": "A partner's point counts",
                "text": """\
{A} calls {A_declares} and {B} {B_declares}: {A}'s point is good, {A_point}. {C}, {A}'s partner, called {C_declares}, lower than {B}'s, and scores it too: {C_point}.""",
            },
        },
    },
    "voleur-repique": {
        "title": "Piquet Voleur: repique",
        "source": "seed: Scarne (Piquet Voleur)",
        "text": """\
A side that makes {voleur_bonus_at} in hand, the partners' carte blanche, point, sequences and sets together, by scores that reckon before anything the other side scores, makes a repique: {voleur_repique} more.

The seed's sentence ("scores {voleur_bonus_at} tricks are played while opponents have nothing") is garbled: no side can win that many tricks. We read it as {voleur_bonus_at} before the tricks are played, as the seed's own remark bears out: a carte blanche for each partner is a repique. Unless an opponent also has a carte blanche: it reckons in the same class and saves it.""",
        "examples": {
            "cartes-blanches": {
                "title": "A carte blanche for each partner",
                "text": """\
{A} and {C} each announce a carte blanche: {AC_carte_blanche} for their side, before {B}'s point reckons. A repique for {A} and {C}: {AC_repique} more.""",
            },
        },
    },
    "voleur-pique": {
        "title": "Piquet Voleur: pique",
        "source": "seed: Scarne (Piquet Voleur)",
        "text": """\
A side that reaches {voleur_bonus_at} in hand and play together before the other side has scored anything in the deal makes a pique: {voleur_pique} more. The player at the dealer's left leads the first trick, so only his side can pique. The cards and capot reckon after the play and never count toward it.""",
        "examples": {
            "pique": {
                "title": "A side's pique",
                "text": """\
{A} declares {A_declares} and {C} {C_declares}: {AC_hand} in hand for their side. Leading trick after trick, they reach {voleur_bonus_at} before {B} or {D} scores: a pique, {AC_pique} more.""",
            },
        },
    },
    "voleur-play": {
        "title": "Piquet Voleur: the play",
        "source": "seed: Scarne (Piquet Voleur); Cavendish, Law 65, counted for each side",
        "text": """\
In play a side scores {voleur_lead} for each trick one of its players leads, {voleur_win} for winning a trick the other side led, and {voleur_last} more for the last trick. Winning a trick one's partner led scores nothing more: that is our reading of the seed's "only one partner of a side may score for point made in leading to a trick".""",
        "examples": {
            "tricks": {
                "title": "Points of play between the sides",
                "text": """\
The tricks go {trick_list}. {A} and {C} score {AC_play} in play between them, {B} and {D} {BD_play}.""",
            },
        },
    },
    "voleur-cards": {
        "title": "Piquet Voleur: the cards",
        "source": "seed: Scarne (Piquet Voleur)",
        "text": """\
The side that wins {voleur_majority} or more of the {voleur_tricks} tricks scores {voleur_cards} for the cards; at {voleur_half} each, nobody scores them. All {voleur_tricks} are capot.""",
        "examples": {
            "majority": {
                "title": "The side with the most tricks",
                "text": """\
{A} and {C} win {AC_tricks} tricks, {B} and {D} {BD_tricks}: {A} and {C} score {AC_cards} for the cards.""",
            },
            "divided": {
                "title": "The cards divided between the sides",
                "text": """\
Each side wins {AC_tricks} tricks: the cards are divided and nobody scores them.""",
            },
        },
    },
    "voleur-capot": {
        "title": "Piquet Voleur: capot",
        "source": "seed: Scarne (Piquet Voleur)",
        "text": """\
A side that wins all {voleur_tricks} tricks scores capot, {voleur_capot}, instead of the {voleur_cards} for the cards; the point for the last trick still counts. Capot reckons after the play: it never counts toward a pique.""",
        "examples": {
            "capot": {
                "title": "Every trick to one side",
                "text": """\
{A} and {C} win every trick: {AC_play} in play and {AC_capot} for capot.""",
            },
        },
    },
}
