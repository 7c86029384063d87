# ruff: noqa: E501
"""Le guide des règles en français : le piquet normand et le piquet voleur
(leurs propres identifiants de règle ; les règles communes avec le jeu à deux
sont les autres sections).

Aucun nombre n'est écrit ici : chaque chiffre vient du moteur
(`facts_multi.py`) ou du score de l'exemple (`model_multi.figures`). Dans les
exemples, une lettre de place nomme son joueur (`{A}` est Anne) ; au piquet
voleur, `{AC_play}` est ce que le camp d'Anne et de Cleo a marqué.
"""

from __future__ import annotations

SECTIONS: dict[str, dict] = {
    "normand-repique": {
        "title": "Piquet normand : le repic",
        "source": "seed : Scarne (piquet normand)",
        "text": """\
Le piquet normand se joue à {normand_players} joueurs, chacun recevant {normand_hand} cartes ; les {normand_widow} qui restent forment un talon que seul le donneur peut prendre, en écartant autant de ses cartes. Le joueur à la gauche du donneur annonce le premier et entame le premier pli, puis les autres à leur tour. Les points se comptent pourtant catégorie par catégorie, comme au piquet ordinaire : carte blanche, point, séquences, trios et quatorzes, jeu de la carte, les cartes.

Dans chaque catégorie, le meilleur jeu n'est bon que s'il bat le meilleur de chacun des autres joueurs : des meilleurs jeux égaux ne marquent rien, quoi qu'ait un troisième joueur en dessous.

Le joueur qui fait {normand_bonus_at} en main (carte blanche, point, séquences, trios et quatorzes), par des points qui se comptent avant tout ce que marque l'un ou l'autre des autres joueurs, fait repic : {normand_repique} de plus. Un point d'un autre joueur qui se compte avant le sauve. Le premier à atteindre {normand_target} à la fin d'une donne gagne la partie.""",
        "examples": {
            "repique": {
                "title": "Un repic à la table normande",
                "text": """\
{A} annonce {A_declares} ; {B} annonce {B_declares} et {C} {C_declares}. Le point et la séquence {de_A} sont bons et font {A_upto_sequences} avant que {B} ou {C} ait marqué : repic, {A_repique} de plus. Le trio {de_C} est bon lui aussi, mais les trios se comptent après les séquences.""",
            },
            "saved": {
                "title": "Une carte blanche sauve le repic",
                "text": """\
{B} annonce une carte blanche : {B_carte_blanche}. {A} annonce {A_declares}, tout bon : {A_hand} en main. Mais la carte blanche s'est comptée d'abord : {A} n'a pas atteint {normand_bonus_at} avant qu'un autre joueur marque, pas de repic.""",
            },
        },
    },
    "normand-pique": {
        "title": "Piquet normand : le pic",
        "source": "seed : Scarne (piquet normand)",
        "text": """\
Le joueur qui atteint {normand_bonus_at}, en main et au jeu de la carte, avant que les autres joueurs aient rien marqué dans la donne fait pic : {normand_pique} de plus.
- Seul le joueur à la gauche du donneur peut le faire : il entame le premier pli, donc quand un autre joueur marque au jeu de la carte, il a déjà marqué son entame.
- Les cartes et le capot se comptent après le jeu de la carte : ils ne comptent jamais pour le pic. Qui a fait repic ne fait pas aussi pic.
- La seed donne le pic pour {normand_bonus_at} « avant que les adversaires aient marqué », ce qui se prête à l'une et l'autre lecture. Par défaut (réglage pique_opponents, « neither ») un point de l'un ou l'autre adversaire le sauve ; avec « not_both », seul un point de chacun d'eux.""",
        "examples": {
            "pique": {
                "title": "Un pic dès la première entame",
                "text": """\
{A} annonce {A_declares}, {A_hand} en main, et personne d'autre n'annonce rien. Elle entame et prend pli après pli ; ses entames la portent à {normand_bonus_at} avant que {B} ou {C} ait marqué : pic, {A_pique} de plus.""",
            },
        },
    },
    "normand-play": {
        "title": "Piquet normand : le jeu de la carte",
        "source": "seed : Scarne (piquet normand) ; Cavendish, loi 65, comptée pour chaque joueur",
        "text": """\
La seed ne dit pas comment compter le jeu de la carte ; on le compte comme au piquet ordinaire, pour chaque joueur : {normand_lead} pour chaque pli qu'il entame, {normand_win} pour un pli pris sur l'entame d'un autre joueur, et {normand_last} de plus pour le dernier pli. Qui prend un pli entame le suivant.""",
        "examples": {
            "tricks": {
                "title": "Le jeu de la carte autour de la table",
                "text": """\
Les plis vont à : {trick_list}. {A} marque {A_play} au jeu de la carte, {B} {B_play} et {C} {C_play}.""",
            },
        },
    },
    "normand-cards": {
        "title": "Piquet normand : les cartes",
        "source": "seed : Scarne (piquet normand)",
        "text": """\
Après le dernier des {normand_tricks} plis, le joueur qui en a pris le plus marque {normand_cards} pour les cartes. Les joueurs à égalité en tête marquent {normand_cards_tie} chacun, et l'autre rien : {normand_tricks} plis ne se partagent pas également entre {normand_players} joueurs, donc le « si tous sont à égalité » de la seed ne peut vouloir dire qu'une égalité en tête. Prendre tous les plis, c'est le capot.""",
        "examples": {
            "most": {
                "title": "Le plus de plis",
                "text": """\
{A} prend {A_tricks} plis, {B} {B_tricks} et {C} {C_tricks} : {A} marque {A_cards} pour les cartes.""",
            },
            "tied": {
                "title": "À égalité en tête",
                "text": """\
{A} et {B} prennent {A_tricks} plis chacun et {C} {C_tricks} : {A} et {B} sont à égalité en tête et marquent {A_cards} chacun.""",
            },
        },
    },
    "normand-capot": {
        "title": "Piquet normand : le capot",
        "source": "seed : Scarne (piquet normand)",
        "text": """\
Le joueur qui prend les {normand_tricks} plis fait capot : {normand_capot}, au lieu des {normand_cards} pour le plus de plis ; le point du dernier pli compte toujours.

Quand une paire de joueurs prend tous les plis, le troisième n'en prenant aucun, chacun d'eux marque {normand_shared_capot}. Par défaut (réglage shared_capot, « instead ») cela remplace les {normand_cards} ou {normand_cards_tie} pour le plus de plis ; avec « besides », cela s'y ajoute.

Le capot se compte avec les cartes, après le jeu de la carte : il ne compte jamais pour le pic.""",
        "examples": {
            "capot": {
                "title": "Tous les plis à un joueur",
                "text": """\
{A} prend tous les plis : {A_play} au jeu de la carte et {A_capot} pour le capot.""",
            },
            "shared": {
                "title": "Tous les plis à la même paire de joueurs",
                "text": """\
{A} et {B} prennent {A_tricks} plis chacun et {C} aucun : chacun d'eux marque {A_capot}, et personne ne marque pour le plus de plis.""",
            },
        },
    },
    "voleur-partners": {
        "title": "Piquet voleur : les jeux du partenaire",
        "source": "seed : Scarne (piquet voleur)",
        "text": """\
Le piquet voleur se joue à {voleur_players} joueurs, en équipes, les partenaires face à face. Tout le jeu est distribué, {voleur_hand} cartes chacun ; il n'y a pas d'écart. Les annonces se font pendant que le premier pli fait le tour, et se comptent catégorie par catégorie, comme au piquet ordinaire. La partie se joue entre les équipes, au rubicon, en quatre donnes ou au cent.

Dans chaque catégorie, le meilleur jeu n'est bon que s'il bat le meilleur de l'autre équipe. Quand le jeu d'un joueur est bon, son partenaire marque aussi tout ce qu'il a dans cette catégorie, même plus bas que le meilleur de l'autre équipe ; l'autre équipe ne marque rien dans cette catégorie.

Le « un seul partenaire d'une équipe peut marquer le point » de la seed se prête à l'une et l'autre lecture : par défaut (réglage partners_point, « both ») le partenaire du bon point marque aussi son propre point ; avec « one », seul celui qui a le bon point le marque.""",
        "examples": {
            "point": {
                "title": "Le point du partenaire compte",
                "text": """\
{A} annonce {A_declares} et {B} {B_declares} : le point {de_A} est bon, {A_point}. {C}, sa partenaire, a annoncé {C_declares}, plus bas que celui {de_B}, et le marque aussi : {C_point}.""",
            },
        },
    },
    "voleur-repique": {
        "title": "Piquet voleur : le repic",
        "source": "seed : Scarne (piquet voleur)",
        "text": """\
L'équipe qui fait {voleur_bonus_at} en main, carte blanche, point, séquences, trios et quatorzes des partenaires ensemble, par des points qui se comptent avant tout ce que marque l'autre équipe, fait repic : {voleur_repique} de plus.

La phrase de la seed (« marque {voleur_bonus_at} plis sont joués tandis que les adversaires n'ont rien ») est brouillée : aucune équipe ne peut prendre autant de plis. Nous la lisons « {voleur_bonus_at} avant que les plis soient joués », comme le confirme la remarque de la seed elle-même : une carte blanche pour chacun des partenaires fait repic. Sauf si un adversaire a aussi une carte blanche : elle se compte dans la même catégorie et le sauve.""",
        "examples": {
            "cartes-blanches": {
                "title": "Une carte blanche pour chacun des partenaires",
                "text": """\
{A} et {C} annoncent chacune une carte blanche : {AC_carte_blanche} pour leur équipe, avant que le point {de_B} se compte. Repic pour {A} et {C} : {AC_repique} de plus.""",
            },
        },
    },
    "voleur-pique": {
        "title": "Piquet voleur : le pic",
        "source": "seed : Scarne (piquet voleur)",
        "text": """\
L'équipe qui atteint {voleur_bonus_at}, en main et au jeu de la carte, avant que l'autre équipe ait rien marqué dans la donne fait pic : {voleur_pique} de plus. Le joueur à la gauche du donneur entame le premier pli : seule son équipe peut faire pic. Les cartes et le capot se comptent après le jeu de la carte et ne comptent jamais pour le pic.""",
        "examples": {
            "pique": {
                "title": "Le pic d'une équipe",
                "text": """\
{A} annonce {A_declares} et {C} {C_declares} : {AC_hand} en main pour leur équipe. En entamant pli après pli, elles atteignent {voleur_bonus_at} avant que {B} ou {D} marque : pic, {AC_pique} de plus.""",
            },
        },
    },
    "voleur-play": {
        "title": "Piquet voleur : le jeu de la carte",
        "source": "seed : Scarne (piquet voleur) ; Cavendish, loi 65, comptée pour chaque équipe",
        "text": """\
Au jeu de la carte, une équipe marque {voleur_lead} pour chaque pli qu'entame l'un de ses joueurs, {voleur_win} pour un pli pris sur l'entame de l'autre équipe, et {voleur_last} de plus pour le dernier pli. Prendre un pli entamé par son partenaire ne rapporte rien de plus : c'est notre lecture du « un seul partenaire d'une équipe peut marquer le point de l'entame » de la seed.""",
        "examples": {
            "tricks": {
                "title": "Le jeu de la carte entre les équipes",
                "text": """\
Les plis vont à : {trick_list}. {A} et {C} marquent {AC_play} au jeu de la carte ensemble, {B} et {D} {BD_play}.""",
            },
        },
    },
    "voleur-cards": {
        "title": "Piquet voleur : les cartes",
        "source": "seed : Scarne (piquet voleur)",
        "text": """\
L'équipe qui prend {voleur_majority} des {voleur_tricks} plis ou plus marque {voleur_cards} pour les cartes ; à {voleur_half} partout, personne ne les marque. Les {voleur_tricks} plis, c'est le capot.""",
        "examples": {
            "majority": {
                "title": "L'équipe qui a le plus de plis",
                "text": """\
{A} et {C} prennent {AC_tricks} plis, {B} et {D} {BD_tricks} : {A} et {C} marquent {AC_cards} pour les cartes.""",
            },
            "divided": {
                "title": "Les cartes partagées entre les équipes",
                "text": """\
Chaque équipe prend {AC_tricks} plis : les cartes sont partagées et personne ne les marque.""",
            },
        },
    },
    "voleur-capot": {
        "title": "Piquet voleur : le capot",
        "source": "seed : Scarne (piquet voleur)",
        "text": """\
L'équipe qui prend les {voleur_tricks} plis fait capot : {voleur_capot}, au lieu des {voleur_cards} pour les cartes ; le point du dernier pli compte toujours. Le capot se compte après le jeu de la carte : il ne compte jamais pour le pic.""",
        "examples": {
            "capot": {
                "title": "Tous les plis à une équipe",
                "text": """\
{A} et {C} prennent tous les plis : {AC_play} au jeu de la carte et {AC_capot} pour le capot.""",
            },
        },
    },
}
