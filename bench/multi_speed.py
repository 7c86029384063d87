"""How fast `scorer.multi` scores each form: games of random legal deals with
hands and the cards of every trick, as the kiosk would score after each tap.

Run: .venv/bin/python bench/multi_speed.py   (prints figures; asserts nothing)
"""

from __future__ import annotations

import random
import time

from scorer.cards import Card, full_pack
from scorer.multi import score_record2

SEATS = "ABCDEFG"


def play(rng: random.Random, hands: dict[str, list[Card]], leader: str, count: int) -> list:
    n = len(hands)
    order_of = sorted(hands)
    held = {s: list(c) for s, c in hands.items()}
    tricks = []
    for _ in range(count):
        start = order_of.index(leader)
        order = [order_of[(start + i) % n] for i in range(n)]
        cards: list[Card] = []
        for seat in order:
            mine = [c for c in held[seat] if cards and c.suit == cards[0].suit] or held[seat]
            card = rng.choice(mine)
            held[seat].remove(card)
            cards.append(card)
        best = max((c for c in cards if c.suit == cards[0].suit), key=lambda c: c.height)
        leader = order[cards.index(best)]
        tricks.append({"winner": leader, "cards": [str(c) for c in cards]})
    return tricks


def deal(rng: random.Random, seats: str, size: int, dealer: str) -> dict:
    pack = full_pack()
    rng.shuffle(pack)
    hands = {s: pack[size * i : size * (i + 1)] for i, s in enumerate(seats)}
    leader = seats[(seats.index(dealer) + 1) % len(seats)]
    return {
        "hands": {s: [str(c) for c in cs] for s, cs in hands.items()},
        "tricks": play(rng, hands, leader, size),
    }


def normand(rng: random.Random) -> dict:
    deals = [deal(rng, "ABC", 10, "ABC"[k % 3]) for k in range(8)]
    rec = {
        "format": "piquet-record/2",
        "form": "normand",
        "players": ["Anne", "Ben", "Cleo"],
        "first_dealer": "Anne",
        "settings": {"target": 1000},
        "deals": deals,
    }
    return rec


def voleur(rng: random.Random) -> dict:
    deals = [deal(rng, "ABCD", 8, "ABCD"[k % 4]) for k in range(6)]
    return {
        "format": "piquet-record/2",
        "form": "voleur",
        "players": ["Anne", "Ben", "Cleo", "Dan"],
        "first_dealer": "Anne",
        "deals": deals,
    }


def ecrire(rng: random.Random) -> dict:
    deals = []
    for k in range(7):
        dealer, elder = SEATS[k], SEATS[(k + 1) % 7]
        pack = full_pack()
        rng.shuffle(pack)
        hands = {elder: pack[:12], dealer: pack[12:24]}
        tricks = []
        for t in play(rng, {"A": hands[elder], "B": hands[dealer]}, "A", 12):
            lead, follow = t["cards"]
            tricks.append(
                {"winner": elder if t["winner"] == "A" else dealer, "lead": lead, "follow": follow}
            )
        deals.append(
            {"hands": {s: [str(c) for c in cs] for s, cs in hands.items()}, "tricks": tricks}
        )
    return {
        "format": "piquet-record/2",
        "form": "ecrire",
        "players": list("PQRSTUV"),
        "first_dealer": "P",
        "deals": deals,
    }


def chouette(rng: random.Random) -> dict:
    parties = []
    single, playing, advising = "A", "B", "C"
    for _ in range(10):
        deals = [
            {"entered": {single: rng.randrange(20, 60), playing: rng.randrange(0, 19)}}
            for _ in range(6)
        ]
        parties.append(
            {"single": single, "playing": playing, "first_dealer": single, "deals": deals}
        )
        playing, advising = advising, playing  # the single player always wins here
    return {
        "format": "piquet-record/2",
        "form": "chouette",
        "players": ["Anne", "Ben", "Cleo"],
        "parties": parties,
    }


def measure(name: str, records: list[dict]) -> None:
    start = time.perf_counter()
    for rec in records:
        score_record2(rec)
    per = (time.perf_counter() - start) / len(records) * 1000
    print(f"{name:52s} {per:8.2f} ms/record")


def main() -> None:
    rng = random.Random(2026)
    measure("normand, 8 deals with hands and cards", [normand(rng) for _ in range(50)])
    measure("voleur, rubicon of 6 deals with hands and cards", [voleur(rng) for _ in range(50)])
    measure("ecrire, 7 players, a round with hands and cards", [ecrire(rng) for _ in range(30)])
    measure("chouette, a sitting of 10 parties (entered)", [chouette(rng) for _ in range(30)])


if __name__ == "__main__":
    main()
