# ruff: noqa: E501
"""The rules guide in English.

No number is written here: every figure is a `{placeholder}` filled from the
engine (`facts.py`) or from the score of the section's worked example
(`model.figures`). Elder is the non-dealer, Younger the dealer (RULES.md).
"""

from __future__ import annotations

SECTIONS: dict[str, dict] = {
    "deal": {
        "title": "A deal, step by step",
        "source": "Cavendish, Laws 9, 16, 21, 22 and 67",
        "text": """\
Piquet is played with a pack of {pack} cards, ranking {ranks} in each suit. The dealer is called Younger and the other player Elder; the deal passes to the other player after every deal. Each player receives {hand} cards, and the {talon} left over, face down, are the talon.

A deal goes through these steps, always in this order:
- Carte blanche: a hand dealt without a king, queen or jack scores {carte_blanche} at once.
- The exchange: Elder changes up to {elder_max} cards with the talon, then Younger up to what is left.
- The declarations: the point, then the sequences, then the sets (trios and quatorzes). In each class only the player with the better holding scores.
- The play: {tricks} tricks; {lead} for each card led, {win_lead} for winning a trick the opponent led, {last} more for the last trick.
- The cards: most tricks score {cards}; all of them (capot) score {capot}.

The bonuses reward a fast start: the repique, {repique} more, and the pique, {pique} more. Whether they are made depends on the order in which the scores reckon, which the laws fix whoever holds them.""",
        "examples": {
            "whole-deal": {
                "title": "A whole deal",
                "text": """\
{E} is Elder and declares {E_declares}. {Y} declares {Y_declares}. {E}'s point is better and her sequence unopposed; {Y}'s sets are good, so both of them count. The tricks go {trick_list}. {E} ends the deal with {E_deal}, {Y} with {Y_deal}.""",
            },
        },
    },
    "exchange": {
        "title": "The exchange",
        "source": "Cavendish, Laws 21 to 24 and 32 to 36",
        "text": """\
After any carte blanche is announced, the players improve their hands from the talon. Nothing is scored for it.
- Elder must discard at least {elder_min} card and may discard up to {elder_max}; he takes as many from the top of the talon. If he takes fewer than {elder_max}, he says how many he leaves, and he may look at them.
- Younger then discards and takes from what remains: at least {younger_min}, and at most all of it ({younger_usual} when Elder took his full {elder_max}). If Younger leaves any, he may choose to look at them, and then Elder may see them too, after his first lead.
- Discarded cards take no further part in the deal.
The scorekeeper asks how many cards each player took, only to check the counts.""",
        "examples": {},
    },
    "carte-blanche": {
        "title": "Carte blanche",
        "source": "Cavendish, Laws 18 to 20 and 61",
        "text": """\
A hand dealt with no king, queen or jack is a carte blanche. It scores {carte_blanche}.
- Elder announces it at once, before he exchanges.
- Younger announces it at once too, but need not show it until Elder has discarded.
- It is shown by counting the cards face up on the table, one by one.
- It is judged on the hand as dealt: what the exchange brings in does not matter.

Carte blanche reckons first of all, before the point. So it counts toward its holder's repique and pique, and it saves the opponent's: once a player has scored a carte blanche, the other can no longer reach {bonus_at} before he has scored anything.""",
        "examples": {
            "toward-repique": {
                "title": "A carte blanche toward a repique",
                "text": """\
{E} announces a carte blanche: {E_carte_blanche}. After the exchange she declares {E_declares}, and {Y} has nothing better. With the carte blanche she makes {E_upto_sequences} before {Y} has scored anything: a repique, {E_repique} more.""",
            },
            "saves-repique": {
                "title": "Younger's carte blanche saves Elder's repique",
                "text": """\
{Y} announces a carte blanche: {Y_carte_blanche}. {E} declares {E_declares}, all of it good, {E_hand} in hand. But the carte blanche reckoned first, so {E} did not reach {bonus_at} before {Y} scored: no repique.""",
            },
        },
    },
    "declarations": {
        "title": "Declaring: calls and answers",
        "source": "Cavendish, Laws 46 to 51 and 56",
        "text": """\
After the exchange the players declare their combinations class by class, always in this order: the point, the sequences, the sets (trios and quatorzes).

In each class Elder calls first, and Younger answers:
- “Good”: Younger has nothing as good, and Elder's call scores.
- “Not good”: Younger holds better, and says what.
- “Equal”: exactly as good, and nobody scores in that class.
- With as many cards, Younger first asks “Making?” (the value of the point) or “How high?” (the top card of the sequence), then answers.

Only the better holding of a class is good, and its holder then scores every combination of that class he declares: all his sequences, or all his sets, even those smaller than the opponent's best. The other player scores nothing in that class.

A player may sink a combination, that is, declare less or nothing, to keep his cards hidden. What is not declared scores nothing.

Everything must be declared before Younger plays to the first trick. At the table Younger announces his scores after Elder's first lead, but they still reckon before that lead (see the order of reckoning).""",
        "examples": {
            "all-of-a-class": {
                "title": "The good hand scores all of its class",
                "text": """\
{E} declares {E_declares}; {Y} declares {Y_declares}. {E}'s best sequence is the longer, so she scores all her sequences, {E_sequences}, and {Y}'s scores nothing. In the sets {Y}'s best trio is the higher, so all his sets count, {Y_sets}, and {E}'s trio scores nothing.""",
            },
        },
    },
    "point": {
        "title": "The point",
        "source": "Cavendish, Laws 46 and 62",
        "text": """\
The point is the suit in which a hand holds the most cards. Elder calls its number of cards.
- More cards are good.
- With the same number of cards, Younger asks “Making?”, and the suits are compared by their value: the ace counts {ace}, the king, queen, jack and ten {face} each, the nine, eight and seven their face value. The higher value is good.
- The same number of cards and the same value are equal: nobody scores the point.

A good point scores {per_card} for each card in it.""",
        "examples": {
            "longer": {
                "title": "More cards are good",
                "text": """\
{E} calls {E_declares}. {Y} answers “Not good”: he has {Y_declares}, and scores {Y_point}.""",
            },
            "making": {
                "title": "The same length: the value decides",
                "text": """\
{E} and {Y} hold as many cards, so {Y} asks “Making?”. {E} has {E_declares}, {Y} {Y_declares}. {E}'s point is good: {E_point}.""",
            },
            "equal": {
                "title": "Equal points",
                "text": """\
{E} and {Y} both hold {E_declares}. {Y} answers “Equal”, and nobody scores the point.""",
            },
        },
    },
    "sequences": {
        "title": "Sequences",
        "source": "Cavendish, Laws 48, 49 and 63",
        "text": """\
A sequence is {seq_min} or more cards of one suit next to each other in rank, such as ace, king, queen. The ace is always the top card, never below the seven.
{sequence_table}
From the quint up, a sequence scores {seq_bonus} more than its number of cards.

The longest sequence is good. Between sequences of the same length the one with the higher top card is good (Younger asks “How high?”). The same length and the same top card are equal, and nobody scores for sequences.

The holder of the good sequence scores it and every other sequence he declares.""",
        "examples": {
            "longer": {
                "title": "The longer sequence is good",
                "text": """\
{E} declares {E_declares}; {Y} has {Y_declares}. His is the longer, so it is good: {Y_sequences}. {E}'s other sequence counts nothing, because her sequences are not good.""",
            },
            "higher": {
                "title": "The same length: the top card decides",
                "text": """\
The lengths are the same, so {Y} asks “How high?”. {E} has {E_declares}, {Y} {Y_declares}. The higher top card is good: {E} scores {E_sequences}.""",
            },
            "equal": {
                "title": "Equal sequences",
                "text": """\
{E} and {Y} each hold {E_declares}. They are equal, and neither scores for sequences.""",
            },
        },
    },
    "sets": {
        "title": "Trios and quatorzes",
        "source": "Cavendish, Law 64",
        "text": """\
A set is {trio_count} or {quatorze_count} cards of the same rank, from the ten up: aces, kings, queens, jacks or tens. Nines, eights and sevens make no set.
- {quatorze_count} cards of a rank are a quatorze, which scores {quatorze}.
- {trio_count} cards of a rank are a trio, which scores {trio}.
Any quatorze beats any trio. Between quatorzes, or between trios, the higher rank is good. Sets are never equal, since a rank has only {suits} cards.

The holder of the good set scores it and every other set he declares.""",
        "examples": {
            "quatorze": {
                "title": "A quatorze beats any trio",
                "text": """\
{E} declares {E_declares}; {Y} has {Y_declares}. A quatorze beats any trio: {Y} scores {Y_sets}, and {E}'s trios count nothing.""",
            },
            "trios": {
                "title": "Between trios, the higher rank",
                "text": """\
{E} declares {E_declares}; {Y} has {Y_declares}. Kings beat queens, so {E}'s sets are good and her other trio counts too: {E_sets}.""",
            },
        },
    },
    "play": {
        "title": "The play",
        "source": "Cavendish, Law 65",
        "text": """\
Elder leads to the first trick. There are no trumps: the other player must follow suit if he can, and the higher card of the suit led wins the trick. The winner of a trick leads to the next.

Points in play:
- {lead} to the leader for each card led, scored as it is led;
- {win_lead} for winning a trick the opponent led;
- {last} more for the last trick.
Winning a trick you led adds nothing to the point for the lead. The players count aloud as they play, because the moment a total is reached matters for the pique.""",
        "examples": {
            "tricks": {
                "title": "Counting the play",
                "text": """\
The tricks go {trick_list}. {E} scores {E_play} in play and {Y} {Y_play}; {E} won {E_tricks} tricks, so she also scores {E_cards} for the cards.""",
            },
        },
    },
    "cards": {
        "title": "The cards",
        "source": "Cavendish, Law 66",
        "text": """\
After the last trick, the player who won more tricks, {majority} or more of the {tricks}, scores {cards} for the cards. If each won {half}, the cards are divided and nobody scores them. Winning all {tricks} is capot, which scores {capot} instead.

The cards reckon last of all, after the play, so they never count toward a pique.""",
        "examples": {
            "majority": {
                "title": "The majority of tricks",
                "text": """\
{E} wins {E_tricks} tricks and {Y} {Y_tricks}: {E} scores {E_cards} for the cards.""",
            },
            "divided": {
                "title": "The cards divided",
                "text": """\
{E} and {Y} win {E_tricks} tricks each: the cards are divided and nobody scores them.""",
            },
        },
    },
    "capot": {
        "title": "Capot",
        "source": "Cavendish, Laws 66 and 69",
        "text": """\
A player who wins all {tricks} tricks wins a capot: {capot} for the cards instead of {cards}. The point for the last trick still counts.

Capot reckons with the cards, after the play, so it never counts toward a pique.""",
        "examples": {
            "all-tricks": {
                "title": "Every trick",
                "text": """\
{E} wins every trick: {E_play} in play and {E_capot} for capot, {E_deal} in all. The play alone made only {E_play}, and capot comes after it: no pique.""",
            },
        },
    },
    "order": {
        "title": "The order of reckoning",
        "source": "Cavendish, Law 67",
        "text": """\
Whoever holds them, the scores of a deal reckon in this order:
{order_list}

The order changes no total. It decides the bonuses: a repique or a pique goes to a player who reaches {bonus_at} before the opponent has scored anything that reckons earlier. The cases that surprise people:
- Younger's point saves Elder's repique: a good point reckons before sequences and sets, however big they are.
- Younger can repique: his point and sequences reckon before Elder's sets, and before Elder's first lead.
- The lead counts: Elder just short of {bonus_at} makes the pique with his first lead, even if he loses that trick.
- The cards and capot never count toward a pique: they reckon after the play.
- A carte blanche counts toward a repique, and saves the opponent's: it reckons first of all.
- A class that is equal scores nothing, so it saves nothing.
- Younger announces his declarations after Elder's first lead, but they reckon before it.""",
        "examples": {
            "younger-point-saves": {
                "title": "Younger's point saves Elder's repique",
                "text": """\
{E} declares {E_declares}; {Y} has {Y_declares}, which is good: {Y_point}. {E}'s sequence and sets are good and worth {E_hand}, but they reckon after {Y}'s point. {E} did not reach {bonus_at} before {Y} scored: no repique.""",
            },
            "younger-repique": {
                "title": "Younger repiques before Elder's quatorze",
                "text": """\
{E} declares {E_declares}; {Y} declares {Y_declares}. {Y}'s point and sequences are good and reckon before {E}'s quatorze: {Y} makes {Y_hand} before {E} has scored: a repique, {Y_repique} more.""",
            },
            "thirty-on-the-lead": {
                "title": "Elder makes the pique with his lead",
                "text": """\
{E} scores {E_hand} in hand and {Y} nothing. Her first lead brings her to {bonus_at}: a pique, {E_pique} more, although {Y} wins that trick.""",
            },
            "capot-no-pique": {
                "title": "Capot does not count toward a pique",
                "text": """\
{E} has {E_hand} in hand and wins every trick. The play brings her to {E_upto_play}, short of {bonus_at}; the {E_capot} for capot reckon after the play, so there is no pique.""",
            },
            "carte-blanche-repique": {
                "title": "A carte blanche counts toward a repique",
                "text": """\
{E} announces a carte blanche and then declares {E_declares}. Carte blanche, point and sequence make {E_upto_sequences} before {Y} scores: a repique.""",
            },
            "highest": {
                "title": "The highest score in one deal",
                "text": """\
{E} announces a carte blanche; after the exchange she declares {E_declares}, and then wins every trick. Carte blanche, point and sequence make {E_upto_sequences}, a repique; with the quatorzes, the play and capot, {E} scores {E_deal}, the most a player can score in a deal.""",
            },
        },
    },
    "repique": {
        "title": "Repique",
        "source": "Cavendish, Law 68",
        "text": """\
A player who makes {bonus_at} in hand alone (carte blanche, point, sequences, sets), by scores that reckon before anything the opponent scores, makes a repique: {repique} more.
- Either player can repique. Younger can, because Elder's first lead is play, which reckons after the hand.
- A score of the opponent's that reckons earlier saves it. When Younger's point is good, Elder's sequences and sets cannot make a repique, whatever they are worth.
- A repique is made in hand, so the player who makes it does not also make a pique in the same deal.
- A class that is equal scores nothing and saves nothing.""",
        "examples": {
            "elder": {
                "title": "Elder's repique",
                "text": """\
{E} declares {E_declares}. {Y} declares {Y_declares}, all of it beaten. {E} makes {E_hand} in hand before {Y} scores: a repique, {E_repique} more, so {E_before} before the first lead.""",
            },
            "younger": {
                "title": "Younger's repique",
                "text": """\
{E} declares {E_declares}; {Y} declares {Y_declares}. {Y}'s point and sequences reckon before {E}'s quatorze and make {Y_hand}: a repique for Younger, {Y_repique} more.""",
            },
        },
    },
    "pique": {
        "title": "Pique",
        "source": "Cavendish, Law 69",
        "text": """\
Elder makes a pique when he reaches {bonus_at} in hand and play together before Younger has scored anything in the deal: {pique} more.
- Only Elder can make a pique: by the time Younger can score in play, Elder has scored his first lead.
- Each lead counts as it is made: reaching {bonus_at} with a lead makes the pique even if that trick is lost.
- The cards and capot reckon after the play, so they never count toward a pique.
- Any score by Younger saves the pique: a good trio, a carte blanche, one trick won from Elder's lead. A class that is equal scores nothing and saves nothing.""",
        "examples": {
            "elder": {
                "title": "Elder's pique",
                "text": """\
{E} has {E_hand} in hand and {Y} nothing good. Leading and winning the first tricks, {E} reaches {bonus_at} before {Y} scores: a pique, {E_pique} more.""",
            },
            "saved": {
                "title": "A trio saves the pique",
                "text": """\
{E} has {E_hand} in hand and wins the first tricks, but {Y}'s trio was good, {Y_sets}. {Y} had scored, so there is no pique.""",
            },
        },
    },
    "rubicon": {
        "title": "The partie and the Rubicon",
        "source": "Cavendish, Laws 71 to 73",
        "text": """\
A partie is {rubicon_deals} deals, each player dealing in turn. The higher total after the last deal wins, and the winner scores:
- if the loser has {rubicon} or more, the difference between the totals, plus {rubicon};
- if the loser has less than {rubicon}, he is rubiconed: the winner scores the sum of both totals, plus {rubicon}, even if his own total is under {rubicon} too.
If the totals are equal after {rubicon_deals} deals, {extra_deals} more deals are played, one dealt by each. If they are equal again, the partie is drawn.

A rubiconed loser's points are added to the winner's, so in the last deal a player who cannot reach {rubicon} may throw in his hand (see throwing in).""",
        "examples": {
            "difference": {
                "title": "The difference",
                "text": """\
After {deals} deals {winner} has {winner_total} and {loser} {loser_total}. {loser} crossed the Rubicon, so {winner} wins the difference, {difference}, plus {rubicon}: {points}.""",
            },
            "rubiconed": {
                "title": "Rubiconed",
                "text": """\
After {deals} deals {winner} has {winner_total} and {loser} {loser_total}, under {rubicon}: {loser} is rubiconed. {winner} wins the sum, {sum}, plus {rubicon}: {points}.""",
            },
            "tie": {
                "title": "A tie",
                "text": """\
After {rubicon_deals} deals both players have {P1_regular}. {extra_deals} more deals are played; then {winner} has {winner_total} and {loser} {loser_total}, and {winner} wins {points}.""",
            },
            "draw": {
                "title": "A draw",
                "text": """\
After {rubicon_deals} deals both players have {P1_regular}, and after {deals} both have {P1_total}: the partie is drawn.""",
            },
        },
    },
    "throw-in": {
        "title": "Throwing in the last hand",
        "source": "Cavendish, description of the game",
        "text": """\
In the last deal of a partie, or in a deal played after a tie, a player who cannot save the rubicon may throw in his hand before the play, rather than add his points to the winner's. What has been declared stands. The opponent then counts {throw_in_play} for the tricks and {throw_in_cards} for the cards, and the partie is settled.""",
        "examples": {
            "last-deal": {
                "title": "Throwing in",
                "text": """\
Before the last deal {E} has {E_start} against {Y_start}, and cannot reach {rubicon}. {Y}'s point is good, {Y_point}; then {E} throws in, and {Y} counts {Y_play} for the tricks and {Y_cards} for the cards. {winner} wins {points}.""",
            },
        },
    },
    "four-deal": {
        "title": "The four-deal partie",
        "source": "Cavendish, Law 71, note; seed: Scarne",
        "text": """\
By agreement a partie may be {four_deals} deals. The first and the last deal count double: their scores are multiplied by {four_multiplier}. On a tie, {extra_deals} more deals are played, one dealt by each, and they count single. The partie is settled like the Rubicon: the difference plus {rubicon}, or the sum plus {rubicon} when the loser has less than {rubicon}.""",
        "examples": {
            "doubled": {
                "title": "First and last deals doubled",
                "text": """\
In the first deal {F_E} makes {F_E_raw}, which counts {F_E_deal}. After {deals} deals {winner} has {winner_total} and {loser} {loser_total}: {winner} wins {points}.""",
            },
        },
    },
    "au-cent": {
        "title": "Piquet au Cent",
        "source": "Cavendish, Laws of Piquet au Cent; seeds: Parlett, Scarne",
        "text": """\
The older game is played up to {au_cent_target}: deals go on until a player reaches it. The deal in which that happens is played out, and the higher total wins; if the totals are equal, another deal is played. (With the house rule “play stops at the target”, play stops at once.)

The winner scores the difference between the totals. If he reached {au_cent_target} before the loser had {au_cent_double_under}, it is a double game, and the difference counts double.

In this game Younger need not take any card in the exchange, and other house rules belong to it by agreement: a point ending in four, and only tens and above counting in play.""",
        "examples": {
            "double-game": {
                "title": "A double game",
                "text": """\
{winner} reaches {winner_total} in deal {deals}, while {loser} has {loser_total}, under {au_cent_double_under}: a double game. {winner} wins double the difference: {points}.""",
            },
        },
    },
    "entered": {
        "title": "Totals entered (quick mode)",
        "source": "this scorekeeper, quick mode",
        "text": """\
In quick mode the players count each deal themselves and enter each player's total for it. The scorekeeper adds the totals to the partie as they are (a four-deal partie still doubles its first and last deal), but it cannot show the items of the deal or check the bonuses. No player can score more than {max_deal} in one deal.""",
        "examples": {
            "quick": {
                "title": "A deal entered",
                "text": """\
{E} enters {E_entered} and {Y} {Y_entered}: that is all the scorekeeper knows of the deal.""",
            },
        },
    },
    "variant-younger-may-exchange-none": {
        "title": "House rule: Younger may take no card",
        "source": "Laws of Piquet au Cent; seeds: 001, Scarne",
        "text": """\
Younger may leave the talon alone: he takes from {younger_none_min} cards up to what Elder left. In the standard game he must take at least {younger_min}. In Piquet au Cent this is the rule.""",
        "examples": {
            "takes-none": {
                "title": "Younger takes nothing",
                "text": """\
{E} takes {E_exchange} cards and {Y} {Y_exchange}: allowed with this house rule. The exchange scores nothing.""",
            },
        },
    },
    "variant-american": {
        "title": "House rule: the American trick count",
        "source": "seeds: Denexa, Scarne",
        "text": """\
In play, {american_lead} for each card led and {american_taken} for each trick taken, whoever led it. There is no extra point for the last trick.""",
        "examples": {
            "tricks": {
                "title": "Counting the American way",
                "text": """\
The tricks go {trick_list}. {E} scores {E_play} in play and {Y} {Y_play}.""",
            },
        },
    },
    "variant-tens-and-above": {
        "title": "House rule: only tens and above count in play",
        "source": "seed: Scarne; Laws of Piquet au Cent, by agreement",
        "text": """\
A lead scores only if the card led is a ten or higher, and winning the opponent's lead scores only with a ten or higher. Nines, eights and sevens score nothing in play. The last trick still scores {last} more. The scorekeeper needs the cards of each trick.""",
        "examples": {
            "tricks": {
                "title": "Low cards score nothing",
                "text": """\
{trick_plays}. {E} scores {E_play} in play and {Y} {Y_play}.""",
            },
        },
    },
    "variant-card-played": {
        "title": "House rule: every card played counts",
        "source": "seed: the French rules",
        "text": """\
Each card played scores {card_played} for the player who plays it, each trick won {card_won} more, and the last trick {last} more.""",
        "examples": {
            "tricks": {
                "title": "Counting every card",
                "text": """\
The tricks go {trick_list}. {E} scores {E_play} in play and {Y} {Y_play}.""",
            },
        },
    },
    "variant-last-trick-ten": {
        "title": "House rule: ten for the last trick",
        "source": "seed: Parlett",
        "text": """\
Each trick won scores a flat {flat}, whoever led it. There is no bonus for the majority of tricks: the {last_ten} go to whoever wins the last trick. Winning every trick is still capot, {capot}.""",
        "examples": {
            "last": {
                "title": "The last trick, not the majority",
                "text": """\
{E} wins {E_tricks} tricks and {Y} {Y_tricks}, the last among them: {Y} scores {Y_cards} for the last trick, and {E} nothing for her majority.""",
            },
        },
    },
    "variant-carte-rouge": {
        "title": "House rule: carte rouge",
        "source": "seeds: Parlett, the French rules",
        "text": """\
A hand in which every card belongs to a scoring combination it holds (the point suit, a sequence or a set) is a carte rouge. Its value is agreed before the partie. Like the carte blanche it reckons first of all, so it counts toward a repique and saves the opponent's (this scorekeeper's choice: the sources do not say).""",
        "examples": {
            "every-card": {
                "title": "Every card in a combination",
                "text": """\
{E} holds {E_held}: every card is in her point, a sequence or her quatorze, a carte rouge worth {E_carte_rouge} here. It reckons first, and with her point, sequences and quatorze she makes {E_hand}: a repique. {Y} holds {Y_held}: one card is in no combination, so no carte rouge.""",
            },
        },
    },
    "variant-void-suit": {
        "title": "House rule: a void suit",
        "source": "seed: Parlett",
        "text": """\
A suit of which a hand holds no card counts as a point of {void_cards} cards making {void_value}, which scores {void_cards}, and as a sequence ranking between an ace-high and a king-high quint, which scores {void_sequence}.""",
        "examples": {
            "void": {
                "title": "A void suit wins both classes",
                "text": """\
{E} has a void suit and declares it: {E_declares}. {Y} has {Y_declares}. The void is good in both classes: {E_point} for the point and {E_sequences} for the sequence.""",
            },
        },
    },
    "variant-sets-without-tens": {
        "title": "House rule: no sets of tens",
        "source": "seed: the French rules",
        "text": """\
Only aces, kings, queens and jacks make trios and quatorzes; tens make none.""",
        "examples": {
            "tens": {
                "title": "Tens make nothing",
                "text": """\
{Y} holds {Y_held}: his tens make no set under this rule. {E} holds {E_held}, and her trio is good: {E_sets}.""",
            },
        },
    },
    "variant-point-ending-in-four": {
        "title": "House rule: a point ending in four",
        "source": "Laws of Piquet au Cent, by agreement",
        "text": """\
A point whose value ends in four ({ending_in_four_values}) scores {ending_in_four_less} less than its number of cards. A point called without its value scores its number of cards.""",
        "examples": {
            "forty-four": {
                "title": "One less",
                "text": """\
{E}'s point is good: {E_declares}, which scores {E_point}.""",
            },
        },
    },
    "variant-stop-at-target": {
        "title": "House rule: play stops at the target",
        "source": "seed: Parlett",
        "text": """\
In Piquet au Cent, play stops the moment a player reaches {au_cent_target}: the rest of the deal is neither played nor scored.""",
        "examples": {
            "stops": {
                "title": "Stopping at the target",
                "text": """\
{E} starts the deal with {E_start}. His point, {E_point}, takes him to {E_total}, and the deal stops there. {loser} had {loser_total}, under {au_cent_double_under}: a double game, and {winner} wins {points}.""",
            },
        },
    },
}

# Words the figures use.
# Piquet Normand and Piquet Voleur: their own rule ids (en_multi.py).
from scorer.guide.en_multi import SECTIONS as _MORE_PLAYERS  # noqa: E402

SECTIONS.update(_MORE_PLAYERS)
