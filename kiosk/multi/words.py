"""The kiosk's words for the games of three to seven players (English
message ids; French in vocabulary/locale/fr/LC_MESSAGES/piquet.po).

The settings' meanings say in a line what `scorer.multi.SETTINGS` decides
(docs/rules-multi.md says why each default was chosen).
"""

from __future__ import annotations

FORM_LABELS = {
    "normand": "Piquet Normand (3 players)",
    "voleur": "Piquet Voleur (4 players)",
    "ecrire": "Piquet à Écrire (3 to 7)",
    "chouette": "Chouette (3 players)",
}
FORM_BUTTONS = {
    "normand": "Piquet Normand\n3 players",
    "voleur": "Piquet Voleur\n4 players",
    "ecrire": "Piquet à Écrire\n3 to 7 players",
    "chouette": "Chouette\n3 players",
}
FORM_TITLES = {
    "normand": "Piquet Normand",
    "voleur": "Piquet Voleur",
    "ecrire": "Piquet à Écrire",
    "chouette": "Chouette",
}
FORM_HELP = {
    "normand": "Three players, ten cards each; only the dealer may take the two-card widow. "
    "The first to 100 wins.",
    "voleur": "Four players, partners sitting opposite; eight cards each, no exchange. "
    "A partie of six deals (or four, or to 100) between the sides.",
    "ecrire": "Three to seven players: each plays one two-handed deal with his right-hand "
    "neighbour, then deals to his left-hand one. After each round, every lower "
    "score pays every higher score the difference.",
    "chouette": "Three players: one holds the single seat against the other two, one of "
    "whom plays while the third advises. The single player plays double stakes.",
}

# each setting: its label with the choice, and what the choice means
SETTING_LABELS = {
    ("normand", "pique_opponents"): "Pique: {value}",
    ("normand", "shared_capot"): "Two take every trick: {value}",
    ("normand", "settlement"): "Settlement: {value}",
    ("normand", "pot_antes"): "Antes: {value}",
    ("normand", "target"): "Game: to {value}",
    ("voleur", "partners_point"): "Partner's point: {value}",
    ("normand", "trick_count"): "The play: {value}",
    ("voleur", "trick_count"): "The play: {value}",
    ("normand", "capot"): "Capot: {value}",
    ("voleur", "capot"): "Capot: {value}",
    ("ecrire", "rounds"): "Rounds: {value}",
}
SETTING_VALUES = {
    ("pique_opponents", "neither"): "before either scores",
    ("pique_opponents", "not_both"): "before both score",
    ("shared_capot", "instead"): "20 each instead",
    ("shared_capot", "besides"): "20 each as well",
    ("settlement", "difference"): "the difference",
    ("settlement", "pot"): "a pot",
    ("pot_antes", "each_deal"): "each deal",
    ("pot_antes", "once"): "once",
    ("partners_point", "both"): "counts too",
    ("partners_point", "one"): "only the holder",
    ("trick_count", "standard"): "standard",
    ("trick_count", "american"): "American",
    ("capot", "scarne"): "40, no last trick",
    ("capot", "law66"): "40 and the last trick",
}
SETTING_HELP = {
    ("pique_opponents", "neither"): "Pique (60): 20 in hand and play before either "
    "opponent has scored anything.",
    ("pique_opponents", "not_both"): "Pique (60): 20 in hand and play before the two "
    "opponents have both scored.",
    ("shared_capot", "instead"): "Two players who take every trick between them score 20 "
    "each, instead of the 10 or 5 for the most tricks.",
    ("shared_capot", "besides"): "Two players who take every trick between them score 20 "
    "each, as well as the 10 or 5 for the most tricks.",
    ("settlement", "difference"): "At the end, each lower score pays the winner the difference.",
    ("settlement", "pot"): "At the end, the winner takes a pot of equal antes.",
    ("pot_antes", "each_deal"): "With the pot: every player puts 1 in before each deal.",
    ("pot_antes", "once"): "With the pot: every player puts 1 in once, at the start.",
    ("target", None): "The first to reach this total wins; the deal is played out.",
    ("partners_point", "both"): "The partner of the good point scores his own point too.",
    ("partners_point", "one"): "Only the partner holding the good point scores it.",
    ("rounds", None): "A round is one deal for each player; each round settles on its own.",
    ("trick_count", "standard"): "1 for each lead, 1 for winning another's lead, 1 for the "
    "last trick.",
    ("trick_count", "american"): "1 for each lead and 1 for each trick taken, whoever led; "
    "nothing for the last trick.",
    ("capot", "scarne"): "Capot scores 40 and nothing extra for the majority or the last "
    "trick (Scarne).",
    ("capot", "law66"): "Capot scores 40 instead of the 10, and the last trick still scores "
    "its 1 (Law 66).",
}
# the choices a whole-number setting cycles through (the engine checks them)
SETTING_STEPS = {"target": (100, 150, 200, 50), "rounds": (1, 2, 3, 4, 5)}
