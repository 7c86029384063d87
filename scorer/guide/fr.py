# ruff: noqa: E501
"""Le guide des règles en français.

Les mots du jeu : le premier (celui qui a la main, l'adversaire du donneur)
et le dernier (le donneur) ; le point ; la séquence (tierce, quatrième,
quinte, sixième, septième, huitième) ; le trio et le quatorze, comme la
règle française des seeds et le moteur (`scorer/wording.py`) ; le pic, le
repic et le capot ; le pli, l'entame ; l'écart et la rentrée.

Aucun nombre n'est écrit ici : chaque chiffre est un `{repère}` rempli par le
moteur (`facts.py`) ou par le score de l'exemple (`model.figures`).
"""

from __future__ import annotations

SECTIONS: dict[str, dict] = {
    "deal": {
        "title": "Une donne, pas à pas",
        "source": "Cavendish, lois 9, 16, 21, 22 et 67",
        "text": """\
Le piquet se joue avec un jeu de {pack} cartes ; dans chaque couleur, elles se classent ainsi : {ranks}. Le donneur est le dernier ; l'autre joueur, qui a la main, est le premier. La donne passe à l'autre joueur à chaque coup. Chacun reçoit {hand} cartes ; les {talon} qui restent, face cachée, forment le talon.

Une donne passe par ces étapes, toujours dans cet ordre :
- La carte blanche : une main reçue sans roi, dame ni valet marque {carte_blanche} aussitôt.
- L'écart : le premier échange jusqu'à {elder_max} cartes avec le talon, puis le dernier jusqu'à ce qui reste.
- Les annonces : le point, puis les séquences, puis les trios et quatorzes. Dans chaque catégorie, seul le joueur qui a le meilleur jeu marque.
- Le jeu de la carte : {tricks} plis ; {lead} par carte entamée, {win_lead} pour chaque pli pris sur l'entame de l'adversaire, {last} de plus pour le dernier pli.
- Les cartes : la majorité des plis marque {cards} ; tous les plis (capot), {capot}.

Les primes récompensent un départ rapide : le repic, {repique} de plus, et le pic, {pique} de plus. Elles dépendent de l'ordre dans lequel les points se comptent, que les lois fixent quel que soit le joueur qui les marque.""",
        "examples": {
            "whole-deal": {
                "title": "Une donne entière",
                "text": """\
{E} a la main, elle est le premier, et annonce {E_declares}. {Y} annonce {Y_declares}. Le point {de_E} est meilleur et sa séquence sans rivale ; les trios et quatorzes {de_Y} sont bons, et comptent tous. Les plis vont à {trick_list}. {E} finit la donne avec {E_deal}, {Y} avec {Y_deal}.""",
            },
        },
    },
    "exchange": {
        "title": "L'écart et la rentrée",
        "source": "Cavendish, lois 21 à 24 et 32 à 36",
        "text": """\
Une fois la carte blanche éventuelle annoncée, les joueurs améliorent leur main au talon. L'écart ne marque rien.
- Le premier doit écarter au moins {elder_min} carte et peut en écarter jusqu'à {elder_max} ; il en reprend autant sur le dessus du talon. S'il en prend moins de {elder_max}, il dit combien il en laisse, et il peut les regarder.
- Le dernier écarte ensuite et reprend dans ce qui reste : au moins {younger_min}, au plus tout le reste ({younger_usual} quand le premier a pris ses {elder_max}). S'il en laisse, il peut choisir de les voir, et le premier peut alors les voir aussi, après sa première entame.
- Les cartes écartées ne jouent plus aucun rôle dans la donne.
La marque demande combien de cartes chacun a prises, seulement pour vérifier les nombres.""",
        "examples": {},
    },
    "carte-blanche": {
        "title": "La carte blanche",
        "source": "Cavendish, lois 18 à 20 et 61",
        "text": """\
Une main reçue sans roi, dame ni valet est une carte blanche. Elle marque {carte_blanche}.
- Le premier l'annonce aussitôt, avant son écart.
- Le dernier l'annonce aussitôt lui aussi, mais ne la montre qu'après l'écart du premier.
- On la montre en comptant les cartes une à une, face visible sur la table.
- Elle se juge sur la main reçue : ce que l'écart apporte ne compte pas.

La carte blanche se compte avant tout, avant le point. Elle compte donc pour le repic et le pic de son détenteur, et elle sauve ceux de l'adversaire : dès qu'un joueur a marqué une carte blanche, l'autre ne peut plus atteindre {bonus_at} avant qu'il ait marqué quoi que ce soit.""",
        "examples": {
            "toward-repique": {
                "title": "Une carte blanche qui mène au repic",
                "text": """\
{E} annonce une carte blanche : {E_carte_blanche}. Après l'écart, elle annonce {E_declares}, et {Y} n'a pas mieux. Avec la carte blanche, elle fait {E_upto_sequences} avant {que_Y} ait rien marqué : repic, {E_repique} de plus.""",
            },
            "saves-repique": {
                "title": "La carte blanche du dernier sauve le repic",
                "text": """\
{Y} annonce une carte blanche : {Y_carte_blanche}. {E} annonce {E_declares}, tout est bon, {E_hand} en main. Mais la carte blanche s'est comptée d'abord : {E} n'a pas atteint {bonus_at} avant {que_Y} marque, il n'y a pas de repic.""",
            },
        },
    },
    "declarations": {
        "title": "Les annonces : annoncer et répondre",
        "source": "Cavendish, lois 46 à 51 et 56",
        "text": """\
Après l'écart, les joueurs annoncent leurs combinaisons catégorie par catégorie, toujours dans cet ordre : le point, les séquences, les trios et quatorzes.

Dans chaque catégorie le premier annonce, et le dernier répond :
- « Bon » : le dernier n'a rien d'aussi bon, l'annonce du premier marque.
- « Pas bon » : le dernier a mieux, et dit quoi.
- « Égal » : exactement aussi bon, et personne ne marque dans cette catégorie.
- À nombre de cartes égal, le dernier demande d'abord « Combien ? » (la valeur du point) ou « Par quoi ? » (la plus haute carte de la séquence), puis répond.

Seul le meilleur jeu d'une catégorie est bon, et son détenteur marque alors toutes les combinaisons de cette catégorie qu'il annonce : toutes ses séquences, ou tous ses trios et quatorzes, même ceux qui sont plus petits que le meilleur de l'adversaire. L'autre joueur ne marque rien dans cette catégorie.

Un joueur peut taire une combinaison, c'est-à-dire annoncer moins, ou rien, pour cacher son jeu. Ce qui n'est pas annoncé ne marque rien.

Tout doit être annoncé avant que le dernier joue au premier pli. À la table, le dernier compte ses annonces après la première entame du premier, mais elles se comptent quand même avant cette entame (voir l'ordre du compte).""",
        "examples": {
            "all-of-a-class": {
                "title": "Le meilleur jeu marque toute sa catégorie",
                "text": """\
{E} annonce {E_declares} ; {Y} annonce {Y_declares}. La meilleure séquence {de_E} est la plus longue : elle marque toutes ses séquences, {E_sequences}, et celle {de_Y} ne marque rien. Pour les trios, le meilleur {de_Y} est le plus haut : tous ses trios comptent, {Y_sets}, et celui {de_E} ne marque rien.""",
            },
        },
    },
    "point": {
        "title": "Le point",
        "source": "Cavendish, lois 46 et 62",
        "text": """\
Le point est la couleur où la main a le plus de cartes. Le premier annonce son nombre de cartes.
- La couleur la plus longue est bonne.
- À nombre de cartes égal, le dernier demande « Combien ? », et l'on compare la valeur des couleurs : l'as vaut {ace}, le roi, la dame, le valet et le dix {face} chacun, le neuf, le huit et le sept leur valeur. La plus forte valeur est bonne.
- Même nombre de cartes et même valeur : égalité, personne ne marque le point.

Un point bon marque {per_card} par carte.""",
        "examples": {
            "longer": {
                "title": "La plus longue couleur est bonne",
                "text": """\
{E} annonce {E_declares}. {Y} répond « Pas bon » : il a {Y_declares}, et marque {Y_point}.""",
            },
            "making": {
                "title": "Même longueur : la valeur décide",
                "text": """\
{E} et {Y} ont autant de cartes, alors {Y} demande « Combien ? ». {E} a {E_declares}, {Y} {Y_declares}. Le point {de_E} est bon : {E_point}.""",
            },
            "equal": {
                "title": "Points égaux",
                "text": """\
{E} et {Y} ont chacun {E_declares}. {Y} répond « Égal », et personne ne marque le point.""",
            },
        },
    },
    "sequences": {
        "title": "Les séquences",
        "source": "Cavendish, lois 48, 49 et 63",
        "text": """\
Une séquence, ce sont {seq_min} cartes ou plus d'une même couleur qui se suivent, comme as, roi, dame. L'as est toujours la plus haute carte, jamais sous le sept.
{sequence_table}
À partir de la quinte, une séquence marque {seq_bonus} de plus que son nombre de cartes.

La plus longue séquence est bonne. Entre séquences de même longueur, celle dont la plus haute carte est la plus forte est bonne (le dernier demande « Par quoi ? »). Même longueur et même carte du haut : égalité, et personne ne marque pour les séquences.

Le détenteur de la séquence bonne la marque, ainsi que toutes les autres séquences qu'il annonce.""",
        "examples": {
            "longer": {
                "title": "La plus longue est bonne",
                "text": """\
{E} annonce {E_declares} ; {Y} a {Y_declares}. La sienne est la plus longue, donc bonne : {Y_sequences}. L'autre séquence {de_E} ne compte pas, puisque ses séquences ne sont pas bonnes.""",
            },
            "higher": {
                "title": "Même longueur : la plus haute carte décide",
                "text": """\
Les longueurs sont égales, alors {Y} demande « Par quoi ? ». {E} a {E_declares}, {Y} {Y_declares}. La plus haute carte l'emporte : {E} marque {E_sequences}.""",
            },
            "equal": {
                "title": "Séquences égales",
                "text": """\
{E} et {Y} ont chacun {E_declares}. C'est égal, et personne ne marque pour les séquences.""",
            },
        },
    },
    "sets": {
        "title": "Trios et quatorzes",
        "source": "Cavendish, loi 64",
        "text": """\
Un trio ou un quatorze, ce sont {trio_count} ou {quatorze_count} cartes de même rang, du dix à l'as : as, rois, dames, valets ou dix. Les neuf, les huit et les sept ne comptent pas.
- {quatorze_count} cartes d'un rang font un quatorze, qui marque {quatorze}.
- {trio_count} cartes d'un rang font un trio, qui marque {trio}.
Un quatorze bat n'importe quel trio. Entre quatorzes, ou entre trios, le rang le plus haut est bon. Il n'y a jamais égalité, puisqu'un rang n'a que {suits} cartes.

Le détenteur du trio ou du quatorze bon le marque, ainsi que tous les autres qu'il annonce.""",
        "examples": {
            "quatorze": {
                "title": "Un quatorze bat tout trio",
                "text": """\
{E} annonce {E_declares} ; {Y} a {Y_declares}. Un quatorze bat n'importe quel trio : {Y} marque {Y_sets}, et les trios {de_E} ne comptent pas.""",
            },
            "trios": {
                "title": "Entre trios, le rang le plus haut",
                "text": """\
{E} annonce {E_declares} ; {Y} a {Y_declares}. Les rois battent les dames : les trios {de_E} sont bons, et son autre trio compte aussi : {E_sets}.""",
            },
        },
    },
    "play": {
        "title": "Le jeu de la carte",
        "source": "Cavendish, loi 65",
        "text": """\
Le premier entame le premier pli. Il n'y a pas d'atout : l'autre joueur doit fournir la couleur demandée s'il le peut, et la plus forte carte de la couleur entamée prend le pli. Celui qui prend le pli entame le suivant.

Les points du jeu de la carte :
- {lead} pour chaque carte entamée, marqué en entamant ;
- {win_lead} pour chaque pli pris sur l'entame de l'adversaire ;
- {last} de plus pour le dernier pli.
Prendre un pli qu'on a entamé n'ajoute rien au point de l'entame. Les joueurs comptent à voix haute en jouant, car le moment où un total est atteint compte pour le pic.""",
        "examples": {
            "tricks": {
                "title": "Compter le jeu de la carte",
                "text": """\
Les plis vont à {trick_list}. {E} marque {E_play} au jeu de la carte et {Y} {Y_play} ; {E} a fait {E_tricks} plis, elle marque donc aussi {E_cards} pour les cartes.""",
            },
        },
    },
    "cards": {
        "title": "Les cartes",
        "source": "Cavendish, loi 66",
        "text": """\
Après le dernier pli, celui qui a fait le plus de plis, {majority} ou plus sur {tricks}, marque {cards} pour les cartes. Si chacun en a fait {half}, les cartes sont partagées et personne ne les marque. Faire les {tricks} plis, c'est le capot, qui marque {capot} à la place.

Les cartes se comptent en dernier, après le jeu de la carte : elles ne comptent jamais pour le pic.""",
        "examples": {
            "majority": {
                "title": "La majorité des plis",
                "text": """\
{E} fait {E_tricks} plis et {Y} {Y_tricks} : {E} marque {E_cards} pour les cartes.""",
            },
            "divided": {
                "title": "Les cartes partagées",
                "text": """\
{E} et {Y} font chacun {E_tricks} plis : les cartes sont partagées, personne ne les marque.""",
            },
        },
    },
    "capot": {
        "title": "Le capot",
        "source": "Cavendish, lois 66 et 69",
        "text": """\
Le joueur qui fait les {tricks} plis fait capot : {capot} pour les cartes au lieu de {cards}. Le point du dernier pli compte toujours.

Le capot se compte avec les cartes, après le jeu de la carte : il ne compte jamais pour le pic.""",
        "examples": {
            "all-tricks": {
                "title": "Tous les plis",
                "text": """\
{E} fait tous les plis : {E_play} au jeu de la carte et {E_capot} pour le capot, {E_deal} en tout. Le jeu de la carte seul n'a fait que {E_play}, et le capot vient après : pas de pic.""",
            },
        },
    },
    "order": {
        "title": "L'ordre du compte",
        "source": "Cavendish, loi 67",
        "text": """\
Quel que soit le joueur qui les marque, les points d'une donne se comptent dans cet ordre :
{order_list}

L'ordre ne change aucun total. Il décide des primes : le repic ou le pic revient au joueur qui atteint {bonus_at} avant que l'adversaire ait marqué quoi que ce soit qui se compte plus tôt. Les cas qui surprennent :
- Le point du dernier sauve le repic du premier : un point bon se compte avant les séquences et les quatorzes, si forts soient-ils.
- Le dernier peut faire repic : son point et ses séquences se comptent avant les quatorzes du premier, et avant sa première entame.
- L'entame compte : le premier à qui il manque peu pour atteindre {bonus_at} fait pic dès sa première entame, même s'il perd ce pli.
- Les cartes et le capot ne comptent jamais pour le pic : ils se comptent après le jeu de la carte.
- La carte blanche compte pour le repic, et sauve celui de l'adversaire : elle se compte avant tout.
- Une catégorie égale ne marque rien, elle ne sauve donc rien.
- Le dernier compte ses annonces après la première entame du premier, mais elles se comptent avant elle.""",
        "examples": {
            "younger-point-saves": {
                "title": "Le point du dernier sauve le repic",
                "text": """\
{E} annonce {E_declares} ; {Y} a {Y_declares}, qui est bon : {Y_point}. La séquence et les trios et quatorzes {de_E} sont bons et valent {E_hand}, mais ils se comptent après le point {de_Y}. {E} n'a pas atteint {bonus_at} avant {que_Y} marque : pas de repic.""",
            },
            "younger-repique": {
                "title": "Le dernier fait repic avant le quatorze du premier",
                "text": """\
{E} annonce {E_declares} ; {Y} annonce {Y_declares}. Le point et les séquences {de_Y} sont bons et se comptent avant le quatorze {de_E} : {Y} fait {Y_hand} avant {que_E} ait marqué : repic, {Y_repique} de plus.""",
            },
            "thirty-on-the-lead": {
                "title": "Le premier fait pic par son entame",
                "text": """\
{E} marque {E_hand} en main et {Y} rien. Sa première entame la porte à {bonus_at} : pic, {E_pique} de plus, bien que {Y} prenne ce pli.""",
            },
            "capot-no-pique": {
                "title": "Le capot ne compte pas pour le pic",
                "text": """\
{E} a {E_hand} en main et fait tous les plis. Le jeu de la carte la porte à {E_upto_play}, moins de {bonus_at} ; les {E_capot} du capot se comptent après le jeu de la carte : pas de pic.""",
            },
            "carte-blanche-repique": {
                "title": "La carte blanche compte pour le repic",
                "text": """\
{E} annonce une carte blanche, puis {E_declares}. Carte blanche, point et séquence font {E_upto_sequences} avant {que_Y} marque : repic.""",
            },
            "highest": {
                "title": "Le plus gros score d'une donne",
                "text": """\
{E} annonce une carte blanche ; après l'écart elle annonce {E_declares}, puis fait tous les plis. Carte blanche, point et séquence font {E_upto_sequences}, un repic ; avec les quatorzes, le jeu de la carte et le capot, {E} marque {E_deal}, le plus qu'un joueur puisse marquer en une donne.""",
            },
        },
    },
    "repique": {
        "title": "Le repic",
        "source": "Cavendish, loi 68",
        "text": """\
Le joueur qui fait {bonus_at} en main seulement (carte blanche, point, séquences, trios et quatorzes), par des points qui se comptent avant tout ce que marque l'adversaire, fait repic : {repique} de plus.
- Chaque joueur peut faire repic. Le dernier le peut, car la première entame du premier appartient au jeu de la carte, qui se compte après la main.
- Un point de l'adversaire qui se compte plus tôt le sauve. Quand le point du dernier est bon, les séquences et les quatorzes du premier ne peuvent pas faire repic, quoi qu'ils vaillent.
- Le repic se fait en main : celui qui le fait ne fait pas aussi pic dans la même donne.
- Une catégorie égale ne marque rien et ne sauve rien.""",
        "examples": {
            "elder": {
                "title": "Le repic du premier",
                "text": """\
{E} annonce {E_declares}. {Y} annonce {Y_declares}, tout est battu. {E} fait {E_hand} en main avant {que_Y} marque : repic, {E_repique} de plus, soit {E_before} avant la première entame.""",
            },
            "younger": {
                "title": "Le repic du dernier",
                "text": """\
{E} annonce {E_declares} ; {Y} annonce {Y_declares}. Le point et les séquences {de_Y} se comptent avant le quatorze {de_E} et font {Y_hand} : repic pour le dernier, {Y_repique} de plus.""",
            },
        },
    },
    "pique": {
        "title": "Le pic",
        "source": "Cavendish, loi 69",
        "text": """\
Le premier fait pic quand il atteint {bonus_at}, en main et au jeu de la carte, avant que le dernier ait rien marqué dans la donne : {pique} de plus.
- Seul le premier peut faire pic : quand le dernier peut marquer au jeu de la carte, le premier a déjà marqué sa première entame.
- Chaque entame compte dès qu'elle est faite : atteindre {bonus_at} en entamant fait le pic même si l'on perd ce pli.
- Les cartes et le capot se comptent après le jeu de la carte : ils ne comptent jamais pour le pic.
- Tout point du dernier sauve le pic : un trio bon, une carte blanche, un pli pris sur l'entame du premier. Une catégorie égale ne marque rien et ne sauve rien.""",
        "examples": {
            "elder": {
                "title": "Le pic du premier",
                "text": """\
{E} a {E_hand} en main et {Y} rien de bon. En entamant et en prenant les premiers plis, {E} atteint {bonus_at} avant {que_Y} marque : pic, {E_pique} de plus.""",
            },
            "saved": {
                "title": "Un trio sauve le pic",
                "text": """\
{E} a {E_hand} en main et prend les premiers plis, mais le trio {de_Y} était bon, {Y_sets}. {Y} avait marqué : pas de pic.""",
            },
        },
    },
    "rubicon": {
        "title": "La partie et le rubicon",
        "source": "Cavendish, lois 71 à 73",
        "text": """\
Une partie se joue en {rubicon_deals} donnes, chaque joueur donnant à son tour. Le plus haut total après la dernière donne gagne, et le gagnant marque :
- si le perdant a {rubicon} ou plus, la différence des totaux, plus {rubicon} ;
- si le perdant a moins de {rubicon}, il est rubiconé : le gagnant marque la somme des totaux, plus {rubicon}, même si son propre total est lui aussi sous {rubicon}.
Si les totaux sont égaux après {rubicon_deals} donnes, on joue {extra_deals} donnes de plus, une donnée par chacun. S'ils sont encore égaux, la partie est nulle.

Les points d'un perdant rubiconé s'ajoutent à ceux du gagnant : à la dernière donne, un joueur qui ne peut pas atteindre {rubicon} peut donc abandonner sa main (voir l'abandon).""",
        "examples": {
            "difference": {
                "title": "La différence",
                "text": """\
Après {deals} donnes, {winner} a {winner_total} et {loser} {loser_total}. {loser} a passé le rubicon : {winner} gagne la différence, {difference}, plus {rubicon} : {points}.""",
            },
            "rubiconed": {
                "title": "Rubiconé",
                "text": """\
Après {deals} donnes, {winner} a {winner_total} et {loser} {loser_total}, moins de {rubicon} : {loser} est rubiconé. {winner} gagne la somme, {sum}, plus {rubicon} : {points}.""",
            },
            "tie": {
                "title": "Une égalité",
                "text": """\
Après {rubicon_deals} donnes, chaque joueur a {P1_regular}. On joue {extra_deals} donnes de plus ; {winner} a alors {winner_total} et {loser} {loser_total}, et {winner} gagne {points}.""",
            },
            "draw": {
                "title": "Partie nulle",
                "text": """\
Après {rubicon_deals} donnes, chaque joueur a {P1_regular}, et après {deals} donnes, {P1_total} chacun : la partie est nulle.""",
            },
        },
    },
    "throw-in": {
        "title": "Abandonner la dernière main",
        "source": "Cavendish, description du jeu",
        "text": """\
À la dernière donne d'une partie, ou dans une donne jouée après une égalité, un joueur qui ne peut pas sauver le rubicon peut abandonner sa main avant le jeu de la carte, plutôt que d'ajouter ses points à ceux du gagnant. Ce qui a été annoncé reste acquis. L'adversaire compte alors {throw_in_play} pour les plis et {throw_in_cards} pour les cartes, et la partie se règle.""",
        "examples": {
            "last-deal": {
                "title": "L'abandon",
                "text": """\
Avant la dernière donne, {E} a {E_start} contre {Y_start} et ne peut pas atteindre {rubicon}. Le point {de_Y} est bon, {Y_point} ; puis {E} abandonne, et {Y} compte {Y_play} pour les plis et {Y_cards} pour les cartes. {winner} gagne {points}.""",
            },
        },
    },
    "four-deal": {
        "title": "La partie en quatre donnes",
        "source": "Cavendish, loi 71, note ; seed : Scarne",
        "text": """\
Par convention, une partie peut se jouer en {four_deals} donnes. La première et la dernière comptent double : leurs points sont multipliés par {four_multiplier}. En cas d'égalité, on joue {extra_deals} donnes de plus, une donnée par chacun, qui comptent simple. La partie se règle comme au rubicon : la différence plus {rubicon}, ou la somme plus {rubicon} quand le perdant a moins de {rubicon}.""",
        "examples": {
            "doubled": {
                "title": "Première et dernière donnes doublées",
                "text": """\
À la première donne, {F_E} fait {F_E_raw}, qui comptent {F_E_deal}. Après {deals} donnes, {winner} a {winner_total} et {loser} {loser_total} : {winner} gagne {points}.""",
            },
        },
    },
    "au-cent": {
        "title": "Le piquet au cent",
        "source": "Cavendish, lois du piquet au cent ; seeds : Parlett, Scarne",
        "text": """\
Le jeu ancien se joue en {au_cent_target} points : on donne jusqu'à ce qu'un joueur les atteigne. La donne où cela arrive se joue jusqu'au bout, et le plus haut total gagne ; si les totaux sont égaux, on joue une autre donne. (Avec la variante « le jeu s'arrête au but », le jeu s'arrête aussitôt.)

Le gagnant marque la différence des totaux. S'il a atteint {au_cent_target} avant que le perdant ait {au_cent_double_under}, la partie est double, et la différence compte double.

Dans ce jeu, le dernier n'est pas obligé de prendre une carte à l'écart, et d'autres variantes s'y jouent par convention : le point finissant par quatre, et seules les cartes du dix à l'as comptant au jeu de la carte.""",
        "examples": {
            "double-game": {
                "title": "Une partie double",
                "text": """\
{winner} atteint {winner_total} à la donne {deals}, quand {loser} n'a que {loser_total}, moins de {au_cent_double_under} : partie double. {winner} gagne le double de la différence : {points}.""",
            },
        },
    },
    "entered": {
        "title": "Totaux saisis (mode rapide)",
        "source": "cette table de marque, mode rapide",
        "text": """\
En mode rapide, les joueurs comptent eux-mêmes chaque donne et saisissent le total de chacun. La marque ajoute ces totaux à la partie tels quels (une partie en quatre donnes double toujours sa première et sa dernière donne), mais elle ne peut ni détailler la donne ni vérifier les primes. Aucun joueur ne peut marquer plus de {max_deal} en une donne.""",
        "examples": {
            "quick": {
                "title": "Une donne saisie",
                "text": """\
{E} saisit {E_entered} et {Y} {Y_entered} : c'est tout ce que la marque sait de la donne.""",
            },
        },
    },
    "variant-younger-may-exchange-none": {
        "title": "Variante : le dernier peut ne rien prendre",
        "source": "lois du piquet au cent ; seeds : 001, Scarne",
        "text": """\
Le dernier peut laisser le talon : il prend entre {younger_none_min} carte et toutes celles que le premier a laissées. Dans le jeu ordinaire, il doit en prendre au moins {younger_min}. Au piquet au cent, c'est la règle.""",
        "examples": {
            "takes-none": {
                "title": "Le dernier ne prend rien",
                "text": """\
{E} prend {E_exchange} cartes et {Y} {Y_exchange} : permis avec cette variante. L'écart ne marque rien.""",
            },
        },
    },
    "variant-american": {
        "title": "Variante : le compte américain des plis",
        "source": "seeds : Denexa, Scarne",
        "text": """\
Au jeu de la carte, {american_lead} par carte entamée et {american_taken} par pli pris, quel que soit celui qui l'a entamé. Le dernier pli ne marque rien de plus.""",
        "examples": {
            "tricks": {
                "title": "Compter à l'américaine",
                "text": """\
Les plis vont à {trick_list}. {E} marque {E_play} au jeu de la carte et {Y} {Y_play}.""",
            },
        },
    },
    "variant-tens-and-above": {
        "title": "Variante : seules les cartes du dix à l'as comptent au jeu",
        "source": "seed : Scarne ; lois du piquet au cent, par convention",
        "text": """\
Une entame ne marque que si la carte entamée est un dix ou plus, et prendre l'entame de l'adversaire ne marque qu'avec un dix ou plus. Les neuf, les huit et les sept ne marquent rien au jeu de la carte. Le dernier pli rapporte toujours {last} de plus. La marque a besoin des cartes de chaque pli.""",
        "examples": {
            "tricks": {
                "title": "Les basses cartes ne marquent rien",
                "text": """\
{trick_plays}. {E} marque {E_play} au jeu de la carte et {Y} {Y_play}.""",
            },
        },
    },
    "variant-card-played": {
        "title": "Variante : chaque carte jouée compte",
        "source": "seed : la règle française",
        "text": """\
Chaque carte jouée marque {card_played} pour celui qui la joue, chaque pli pris {card_won} de plus, et le dernier pli {last} de plus.""",
        "examples": {
            "tricks": {
                "title": "Compter chaque carte",
                "text": """\
Les plis vont à {trick_list}. {E} marque {E_play} au jeu de la carte et {Y} {Y_play}.""",
            },
        },
    },
    "variant-last-trick-ten": {
        "title": "Variante : dix pour le dernier pli",
        "source": "seed : Parlett",
        "text": """\
Chaque pli pris marque {flat}, quel que soit celui qui l'a entamé. La majorité des plis ne rapporte rien : les {last_ten} vont à celui qui fait le dernier pli. Faire tous les plis reste un capot, {capot}.""",
        "examples": {
            "last": {
                "title": "Le dernier pli, pas la majorité",
                "text": """\
{E} fait {E_tricks} plis et {Y} {Y_tricks}, dont le dernier : {Y} marque {Y_cards} pour le dernier pli, et {E} rien pour sa majorité.""",
            },
        },
    },
    "variant-carte-rouge": {
        "title": "Variante : la carte rouge",
        "source": "seeds : Parlett, la règle française",
        "text": """\
Une main dont chaque carte entre dans une combinaison qu'elle détient (la couleur du point, une séquence, un trio ou un quatorze) est une carte rouge. Sa valeur est convenue avant la partie. Comme la carte blanche, elle se compte avant tout : elle compte pour le repic et sauve celui de l'adversaire (choix de cette table de marque : les sources n'en disent rien).""",
        "examples": {
            "every-card": {
                "title": "Chaque carte dans une combinaison",
                "text": """\
{E} a {E_held} : chaque carte entre dans son point, une séquence ou son quatorze, une carte rouge qui vaut ici {E_carte_rouge}. Elle se compte d'abord, et avec son point, ses séquences et son quatorze, {E} fait {E_hand} : repic. {Y} a {Y_held} : une carte n'entre dans aucune combinaison, pas de carte rouge.""",
            },
        },
    },
    "variant-void-suit": {
        "title": "Variante : la couleur vide",
        "source": "seed : Parlett",
        "text": """\
Une couleur dont la main n'a aucune carte compte comme un point de {void_cards} cartes valant {void_value}, qui marque {void_cards}, et comme une séquence classée entre une quinte à l'as et une quinte au roi, qui marque {void_sequence}.""",
        "examples": {
            "void": {
                "title": "Une couleur vide gagne le point et la séquence",
                "text": """\
{E} a une couleur vide et l'annonce : {E_declares}. {Y} a {Y_declares}. La couleur vide est bonne dans l'une et l'autre catégorie : {E_point} pour le point et {E_sequences} pour la séquence.""",
            },
        },
    },
    "variant-sets-without-tens": {
        "title": "Variante : pas de trio ni de quatorze de dix",
        "source": "seed : la règle française",
        "text": """\
Seuls les as, les rois, les dames et les valets font des trios et des quatorzes ; les dix n'en font pas.""",
        "examples": {
            "tens": {
                "title": "Les dix ne font rien",
                "text": """\
{Y} a {Y_held} : ses dix ne font rien avec cette variante. {E} a {E_held}, et son trio est bon : {E_sets}.""",
            },
        },
    },
    "variant-point-ending-in-four": {
        "title": "Variante : le point finissant par quatre",
        "source": "lois du piquet au cent, par convention",
        "text": """\
Un point dont la valeur finit par quatre ({ending_in_four_values}) marque {ending_in_four_less} de moins que son nombre de cartes. Un point annoncé sans sa valeur marque son nombre de cartes.""",
        "examples": {
            "forty-four": {
                "title": "Un de moins",
                "text": """\
Le point {de_E} est bon : {E_declares}, qui marque {E_point}.""",
            },
        },
    },
    "variant-stop-at-target": {
        "title": "Variante : le jeu s'arrête au but",
        "source": "seed : Parlett",
        "text": """\
Au piquet au cent, le jeu s'arrête dès qu'un joueur atteint {au_cent_target} : le reste de la donne n'est ni joué ni compté.""",
        "examples": {
            "stops": {
                "title": "S'arrêter au but",
                "text": """\
{E} commence la donne avec {E_start}. Son point, {E_point}, le porte à {E_total}, et la donne s'arrête là. {loser} n'avait que {loser_total}, moins de {au_cent_double_under} : partie double, et {winner} gagne {points}.""",
            },
        },
    },
}

# Le piquet normand et le piquet voleur : leurs propres règles (fr_multi.py).
from scorer.guide.fr_multi import SECTIONS as _MORE_PLAYERS  # noqa: E402

SECTIONS.update(_MORE_PLAYERS)
