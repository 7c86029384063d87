"""Building the guide: texts filled from the engine, examples scored by it.

`build(lang)` takes each section of `plan.SECTIONS`, fills its title and
text from `facts(lang)`, scores each worked example's record with the
engine (`score_record(..., notes=True)`), checks the example's claims against
that score, and fills the example's text from the score's figures
(`figures`). A claim the engine does not bear out, a placeholder that is not
known, or a record the engine refuses raises `GuideError`: the guide is
never built wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from scorer.cards import SUITS, Card, sort_key
from scorer.errors import RecordError
from scorer.explain import explain_result
from scorer.guide import model_multi
from scorer.guide.facts import ORDER, ROMAN, facts
from scorer.guide.facts_multi import numbers as multi_numbers
from scorer.guide.plan import SECTIONS, ExamplePlan, SectionPlan
from scorer.guide.words import prose, word
from scorer.hand import holding_of, parse_hand
from scorer.partie import REGULAR_DEALS
from scorer.record import ROLE_LETTER
from scorer.score import score_record
from scorer.wording import Why as _Why
from scorer.wording import cards_word, de, le, que, render, sequence_phrase, set_phrase
from vocabulary import LANGUAGES
from vocabulary.terms import term

CATEGORIES = (
    "carte_blanche",
    "carte_rouge",
    "point",
    "sequences",
    "sets",
    "repique",
    "play",
    "pique",
    "cards",
    "capot",
    "entered",
)
HAND_CATEGORIES = ("carte_blanche", "carte_rouge", "point", "sequences", "sets")


class GuideError(Exception):
    """The guide cannot be built: an example the engine scores otherwise than
    its text says, an unknown placeholder, or a record the engine refuses."""


@dataclass(frozen=True)
class Example:
    """A worked example: its text, the record, and the engine's score of it."""

    id: str
    title: str
    text: str
    record: dict[str, Any]
    score: dict[str, Any]  # piquet-score/1 in the guide's language, equal classes noted
    settlement: tuple[str, ...] = ()  # the result in words, for a finished partie

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The score lines of the example's last deal (the one the text tells)."""
        deals = self.score.get("deals") or []
        return deals[-1]["lines"] if deals else []

    @property
    def deals(self) -> list[dict[str, Any]]:
        """Each deal's number and scores (for an example of a whole partie)."""
        return [
            {"number": d["number"], "scores": d["scores"]} for d in self.score.get("deals") or []
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "text": self.text,
            "record": self.record,
            "lines": self.lines,
            "deals": self.deals,
            "totals": self.score["totals"],
            "result": self.score["result"],
            "settlement": list(self.settlement),
        }


@dataclass(frozen=True)
class Section:
    id: str
    part: str
    title: str
    text: str
    source: str
    examples: tuple[Example, ...]
    see_also: tuple[str, ...]

    def example(self, example_id: str) -> Example:
        return next(e for e in self.examples if e.id == example_id)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "text": self.text,
            "source": self.source,
            "part": self.part,
            "see_also": list(self.see_also),
            "examples": [e.to_json() for e in self.examples],
        }


# --- filling texts ------------------------------------------------------------------


def _fill(template: str, values: dict[str, Any], place: str) -> str:
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError) as exc:
        raise GuideError(f"{place}: cannot fill {exc} in {template[:60]!r}") from None


def text_facts(lang: str) -> dict[str, Any]:
    """`facts(lang)` plus the tables the section texts show."""
    known = facts(lang)
    rows = []
    for length in range(known["seq_min"], known["seq_max"] + 1):
        name = render(_Why(f"seq.{length}"), lang).lower()
        rows.append(
            word(lang, "sequence_row", name=name, length=length, scores=known[f"seq_{length}"])
        )
    order = [f"{ROMAN[n]}. {word(lang, f'class.{i}')}" for i, n in enumerate(ORDER, start=1)]
    return {
        **known,
        **multi_numbers(),
        "sequence_table": "\n".join(rows),
        "order_list": "\n".join(order),
    }


# --- the figures of an example ------------------------------------------------------


def _holding_words(calls: dict[str, Any] | None, lang: str) -> str:
    if not calls:
        return word(lang, "nothing")
    parts = []
    point = calls.get("point")
    if point:
        cards = render(cards_word(point["cards"]), lang).lower()
        if point.get("value") is not None:
            parts.append(word(lang, "point_making", cards=cards, value=point["value"]))
        else:
            parts.append(word(lang, "point", cards=cards))
    for seq in calls.get("sequences", []):
        phrase = render(sequence_phrase(seq["length"], seq["top"]), lang)
        parts.append(word(lang, "sequence", phrase=phrase[:1].lower() + phrase[1:]))
    for found in calls.get("sets", []):
        phrase = render(set_phrase(found["count"], found["rank"]), lang)
        parts.append(word(lang, "set", phrase=phrase[:1].lower() + phrase[1:]))
    if len(parts) == 1:
        return parts[0]
    return f"{', '.join(parts[:-1])} {word(lang, 'and')} {parts[-1]}"


def _calls_of_hand(cards: list[str], variants: dict[str, Any]) -> dict[str, Any]:
    holding = holding_of(
        parse_hand(cards),
        bool(variants.get("void_suit_point")),
        bool(variants.get("sets_without_tens")),
    )
    out: dict[str, Any] = {}
    if holding.point:
        out["point"] = holding.point.to_json()
    if holding.sequences:
        out["sequences"] = [s.to_json() for s in holding.sequences]
    if holding.sets:
        out["sets"] = [s.to_json() for s in holding.sets]
    return out


def hand_words(cards: Iterable[str], lang: str) -> str:
    """A hand by suit, in the language's letters: "A K Q of spades, ..."."""
    parsed = sorted(parse_hand(cards, size=None), key=sort_key)
    groups = []
    for suit in SUITS:
        ranks = [_letter(c.rank, lang) for c in parsed if c.suit == suit]
        if ranks:
            groups.append(
                word(lang, "suit_cards", cards=" ".join(ranks), suit=term(f"suit.{suit}", lang))
            )
    return word(lang, "list.separator").join(groups)


def _letter(rank: str, lang: str) -> str:
    """A rank as a hand written out shows it: "K" in English, "R" in French."""
    return term(f"letter.{rank}", lang) if rank in "AKQJ" else rank


def card_words(text: str, lang: str) -> str:
    """One card in words: "the nine of hearts", "le neuf de cœur", "l'as de pique"."""
    card = Card.parse(text)
    rank = render(_Why(f"rank.{card.rank}"), lang).lower()
    return word(lang, "card", rank=rank, le_rank=le(rank), suit=term(f"suit.{card.suit}", lang))


def _elide(name: str, word: str) -> str:
    """French elision before a name: "d'Anne", "de Ben"; "qu'Anne", "que Ben"
    (the engine's own rule, `scorer.wording.de` and `que`)."""
    return de(name) if word == "de" else que(name)


def figures(record: dict[str, Any], score: dict[str, Any], lang: str) -> dict[str, Any]:
    """Every figure an example's text may quote, read from its score.

    `E`/`Y` are the names of Elder and Younger in the last deal, and `E_x`/`Y_x`
    what each scored there: by category (`E_point`, `Y_repique`...), in hand
    (`E_hand`: classes I to IV), up to the point, sequences or play
    (`E_upto_sequences`...), before play (`E_before`: the hand and a repique),
    the deal (`E_deal`, doubling applied), the partie total (`E_total`), the
    total before the deal (`E_start`), tricks won, what was declared
    (`E_declares`) and the cards held (`E_held`). The settlement: `winner`, `loser`,
    `points`, `winner_total`, `loser_total`, `difference`, `sum`.
    """
    deals = score["deals"]
    last = deals[-1]
    raw = record["deals"][-1]
    variants = record.get("variants") or {}
    names = {"E": last["elder"], "Y": last["younger"]}
    out: dict[str, Any] = {**names, "deals": len(deals), "multiplier": last["multiplier"]}
    for letter, name in names.items():
        role = ROLE_LETTER[letter]
        mine = [line for line in last["lines"] if line["player"] == name]
        by_cat = {c: sum(ln["points"] for ln in mine if ln["category"] == c) for c in CATEGORIES}
        for category, points in by_cat.items():
            out[f"{letter}_{category}"] = points
        upto = 0
        for category in HAND_CATEGORIES:
            upto += by_cat[category]
            out[f"{letter}_upto_{category}"] = upto
        out[f"{letter}_hand"] = upto
        out[f"{letter}_before"] = upto + by_cat["repique"]
        out[f"{letter}_upto_play"] = upto + by_cat["repique"] + by_cat["play"]
        out[f"{letter}_deal"] = last["scores"][name]
        out[f"{letter}_total"] = score["totals"][name]
        out[f"{letter}_start"] = score["totals"][name] - sum(
            d["scores"][name] for d in deals[len(deals) - 1 :]
        )
        tricks = raw.get("tricks", "")
        winners = tricks if isinstance(tricks, str) else "".join(t["winner"] for t in tricks)
        out[f"{letter}_tricks"] = winners.count(letter)
        hands = raw.get("hands") or {}
        calls = (raw.get("declared") or {}).get(role)
        if calls is None and role in hands:
            calls = _calls_of_hand(hands[role], variants)
        out[f"{letter}_declares"] = _holding_words(calls, lang)
        out[f"{letter}_held"] = hand_words(hands[role], lang) if role in hands else ""
        out[f"{letter}_exchange"] = (raw.get("exchange") or {}).get(role, 0)
        out[f"de_{letter}"] = _elide(name, "de")
        out[f"que_{letter}"] = _elide(name, "que")
    tricks = raw.get("tricks", "")
    winners = tricks if isinstance(tricks, str) else "".join(t["winner"] for t in tricks)
    out["trick_list"] = ", ".join(names[w] for w in winners)
    out["trick_plays"] = _trick_plays(tricks, names, lang)
    first = deals[0]
    out["F_E"], out["F_Y"] = first["elder"], first["younger"]
    out["F_multiplier"] = first["multiplier"]
    for letter in "EY":
        name = first["elder" if letter == "E" else "younger"]
        out[f"F_{letter}_deal"] = first["scores"][name]
        out[f"F_{letter}_raw"] = sum(ln["points"] for ln in first["lines"] if ln["player"] == name)
    players = score["players"]
    regular = REGULAR_DEALS.get(record.get("game", "rubicon"))
    for index, name in enumerate(players, start=1):
        out[f"P{index}"] = name
        out[f"P{index}_total"] = score["totals"][name]
        if regular is not None and len(deals) >= regular:
            out[f"P{index}_regular"] = sum(d["scores"][name] for d in deals[:regular])
    result = score["result"]
    if result and result["winner"]:
        winner = result["winner"]
        loser = next(p for p in players if p != winner)
        w, lo = score["totals"][winner], score["totals"][loser]
        out.update(
            winner=winner,
            loser=loser,
            points=result["points"],
            winner_total=w,
            loser_total=lo,
            difference=w - lo,
            sum=w + lo,
        )
    return out


def _trick_plays(tricks: Any, names: dict[str, str], lang: str) -> str:
    if isinstance(tricks, str):
        return ""
    leader = "E"
    out = []
    for trick in tricks:
        if "lead" not in trick:
            return ""
        follower = "Y" if leader == "E" else "E"
        phrase = word(
            lang,
            "trick_play",
            leader=names[leader],
            follower=names[follower],
            lead=card_words(trick["lead"], lang),
            follow=card_words(trick["follow"], lang),
            winner=names[trick["winner"]],
        )
        out.append(phrase)
        leader = trick["winner"]
    text = word(lang, "list.separator").join(out)
    return text[:1].upper() + text[1:]


# --- claims ------------------------------------------------------------------------------


def _check_claims(
    plan: ExamplePlan, score: dict[str, Any], got: dict[str, Any], known: dict[str, Any], place: str
) -> None:
    last = score["deals"][-1]
    names = {"E": last["elder"], "Y": last["younger"], None: None}
    problems = []
    for key, want in plan.claims.items():
        if key in ("repique", "pique", "capot"):
            have = last["bonuses"][key]
            if have != names[want]:
                problems.append(f"{key} goes to {have}, not {names[want]}")
        elif key in ("point", "sequences", "sets"):
            scorers = {
                ln["player"] for ln in last["lines"] if ln["category"] == key and ln["points"]
            }
            if scorers != ({names[want]} if want else set()):
                problems.append(f"{key} is scored by {sorted(scorers)}, not {want}")
        elif key in ("winner", "rubicon", "double", "draw"):
            result = score["result"] or {}
            if result.get(key) != want:
                problems.append(f"result {key} is {result.get(key)!r}, not {want!r}")
        else:
            problems.append(f"unknown claim {key!r}")
    for figure, want in plan.equals.items():
        if isinstance(want, str) and want not in known:
            raise GuideError(f"{place}: {figure} is checked against an unknown fact {want!r}")
        expected = known[want] if isinstance(want, str) else want
        if got.get(figure) != expected:
            problems.append(f"{figure} is {got.get(figure)!r}, not {expected!r} ({want})")
    if problems:
        raise GuideError(f"{place}: the engine disagrees: " + "; ".join(problems))


# --- building ----------------------------------------------------------------------------


def _example(
    plan: ExamplePlan, texts: dict[str, str], known: dict[str, Any], lang: str, place: str
) -> Example:
    if model_multi.is_multi(plan.record):
        return _example_multi(plan, texts, known, lang, place)
    try:
        score = score_record(plan.record, lang, notes=True)
    except RecordError as exc:
        raise GuideError(f"{place}: the engine refuses the record: {exc.problems}") from None
    got = figures(plan.record, score, lang)
    _check_claims(plan, score, got, known, place)
    values = {**known, **got}
    return Example(
        plan.id,
        _fill(texts["title"], values, place),
        _fill(texts["text"], values, place),
        plan.record,
        score,
        tuple(explain_result(score, plan.record.get("game", "rubicon"), lang)),
    )


def _example_multi(
    plan: ExamplePlan, texts: dict[str, str], known: dict[str, Any], lang: str, place: str
) -> Example:
    """An example of a game for more players, scored by `scorer.multi`."""
    from scorer.multi import score_record2

    try:
        score = score_record2(plan.record, lang)
    except RecordError as exc:
        raise GuideError(f"{place}: the engine refuses the record: {exc.problems}") from None
    got = model_multi.figures(plan.record, score, lang, CATEGORIES, _holding_words, _elide)
    problems = model_multi.check_claims(plan.claims, score)
    for figure, want in plan.equals.items():
        if isinstance(want, str) and want not in known:
            raise GuideError(f"{place}: {figure} is checked against an unknown fact {want!r}")
        expected = known[want] if isinstance(want, str) else want
        if got.get(figure) != expected:
            problems.append(f"{figure} is {got.get(figure)!r}, not {expected!r} ({want})")
    if problems:
        raise GuideError(f"{place}: the engine disagrees: " + "; ".join(problems))
    values = {**known, **got}
    return Example(
        plan.id,
        _fill(texts["title"], values, place),
        _fill(texts["text"], values, place),
        plan.record,
        score,
        model_multi.settlement(score),
    )


def _section(plan: SectionPlan, lang: str, known: dict[str, Any]) -> Section:
    texts = prose(lang).SECTIONS.get(plan.id)
    if texts is None:
        raise GuideError(f"{lang}: section {plan.id!r} has no text")
    place = f"{lang}: {plan.id}"
    missing = {e.id for e in plan.examples} ^ set(texts["examples"])
    if missing:
        raise GuideError(f"{place}: examples without text or plan: {sorted(missing)}")
    examples = tuple(
        _example(e, texts["examples"][e.id], known, lang, f"{place}/{e.id}") for e in plan.examples
    )
    return Section(
        plan.id,
        plan.part,
        _fill(texts["title"], known, place),
        _fill(texts["text"], known, place),
        texts["source"],
        examples,
        plan.see_also,
    )


def build(lang: str) -> tuple[Section, ...]:
    """Every section in `lang`, examples scored and checked (raises GuideError)."""
    if lang not in LANGUAGES:
        raise GuideError(f"no guide in {lang!r} (languages: {', '.join(LANGUAGES)})")
    known = text_facts(lang)
    extra = set(prose(lang).SECTIONS) - {p.id for p in SECTIONS}
    if extra:
        raise GuideError(f"{lang}: texts for sections not in the plan: {sorted(extra)}")
    return tuple(_section(plan, lang, known) for plan in SECTIONS)


__all__ = [
    "CATEGORIES",
    "LANGUAGES",
    "Example",
    "GuideError",
    "Section",
    "build",
    "card_words",
    "figures",
    "hand_words",
    "text_facts",
]
