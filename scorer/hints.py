# ruff: noqa: E501
"""A guided deal: at each step, what the players do and say at the table.

`hint_for(ask, lang="en") -> str` takes the question standing (a
`scorer.dialogue.Ask`, or a `scorer.progress.Progress`, which also gives the
players' names, whose lead it is and who may throw in) and returns one or two
short sentences, e.g. "Elder: call the number of cards in your longest suit,
or say you have no point." The kiosk shows it under the question when the
partie was started with the guided option; the engine decides the step, this
module only words it. Every number comes from the engine (`scorer.guide.facts`).
The English templates are the table `HINTS`; every other language has them
in its catalog (context `hint.<key>`); the players' roles are the game's
terms (`vocabulary.terms`).
"""

from __future__ import annotations

from typing import Any

from scorer.dialogue import Ask
from scorer.guide.facts import facts
from scorer.progress import Progress
from vocabulary import Words
from vocabulary.tables import Table
from vocabulary.terms import term

HINTS = Table(
    "hint",
    {
        "carte_blanche": "{Younger} deals {hand} cards each; the {talon} left, face down, are the talon. A hand without a king, queen or jack is a {t.carte_blanche}, worth {carte_blanche}: its holder says so now.",
        "exchange": "{Elder}: discard {elder_min} to {elder_max} cards and take as many from the top of the talon. Then {younger}: discard and take from what is left.",
        "exchange.younger": "{Younger}: discard and take as many cards from the talon ({low} to {high}).",
        "point.call.elder": "{Elder}: call the number of cards in your longest suit, or say you have no point.",
        "point.call.younger": "{Younger}: {elder} has no point; call the number of cards in your longest suit.",
        "point.reply": "{Younger}: with more cards say “Not good”, with fewer “Good”; with as many, ask “Making?”.",
        "point.value": "{Elder}: add up your point (the ace {ace}, the king, queen, jack and ten {face} each, the others their face value) and say the total.",
        "point.reply_more": "{Younger}: compare the totals: higher is “Not good”, lower “Good”, the same “Equal”.",
        "sequences.call.elder": "{Elder}: call your longest sequence ({seq_min} or more cards running in one suit) by its length, or say you have none.",
        "sequences.call.younger": "{Younger}: {elder} has no sequence; call yours by its length.",
        "sequences.reply": "{Younger}: a longer sequence is “Not good”, a shorter one “Good”; as long, ask “How high?”.",
        "sequences.top": "{Elder}: name the top card of your sequence.",
        "sequences.top.good": "{Good}: your sequence is good; name its top card.",
        "sequences.reply_more": "{Younger}: compare the top cards: higher is “Not good”, lower “Good”, the same “Equal”.",
        "sequences.add": "{Good}: your sequences are good, and all of them score: call any other sequence you hold, then say you are done.",
        "sets.call.elder": "{Elder}: call your best {t.quatorze} or {t.trio} (aces down to tens), or say you have none.",
        "sets.call.younger": "{Younger}: {elder} has no trio or quatorze; call yours.",
        "sets.reply": "{Younger}: any quatorze beats any trio, then the higher rank wins: say “Good” or “Not good”.",
        "sets.add": "{Good}: your sets are good, and all of them score: call any other trio or quatorze you hold, then say you are done.",
        "play.first": "{Elder}: lead to the first trick, counting your score aloud. {Younger}: announce what you scored in hand, then play. The other must follow suit if he can; the higher card of the suit led wins.",
        "play": "{Leader} leads. The other must follow suit if he can; the higher card of the suit led wins. Tap the winner's side.",
        "play.throw_in": "{names} cannot reach {rubicon} and may throw in the hand instead of playing it.",
        "deal_over": "The deal is over: check the scores together. The deal now passes to the other player.",
        "partie_over": "The partie is over: the sheet shows the settlement.",
        "named": "{name} ({role})",
    },
)


def _key(ask: Ask) -> str:
    if ask.phase in ("carte_blanche", "exchange", "deal_over", "partie_over", "play"):
        return ask.phase
    if ask.step == "call":
        return f"{ask.phase}.call.{ask.who or 'elder'}"
    if ask.step == "top" and ask.good is not None:
        return "sequences.top.good"
    return f"{ask.phase}.{ask.step}"


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def hint_for(ask: Ask | Progress, lang: str = "en") -> str:
    """What the players do and say now, in `lang` ("en" or "fr")."""
    words = Words(lang)
    lang = words.lang
    progress = ask if isinstance(ask, Progress) else None
    standing = progress.ask if progress is not None else ask
    assert isinstance(standing, Ask)
    names = {"elder": progress.elder, "younger": progress.younger} if progress else {}

    def label(role: str | None) -> str:
        if role is None:
            return ""
        word = term(role, lang)
        return words.table(HINTS, "named", name=names[role], role=word) if names else word

    values: dict[str, Any] = dict(facts(lang))
    for role in ("elder", "younger"):
        values[role] = label(role)
        values[_capitalise(role)] = _capitalise(label(role))
    values["Good"] = _capitalise(label(standing.good or standing.who))
    key = _key(standing)
    parts = []
    if key == "exchange" and progress is not None and set(progress.exchange_counts) == {"younger"}:
        counts = progress.exchange_counts["younger"]
        key = "exchange.younger"
        values.update(low=min(counts), high=max(counts))
    if key == "play" and (progress is None or progress.tricks == 0):
        key = "play.first"
    elif key == "play" and progress is not None:
        values["Leader"] = _capitalise(label(progress.leader))
    parts.append(words.table(HINTS, key).format_map(values))
    if progress is not None and progress.may_throw_in:
        who = [label(role) for role in progress.may_throw_in]
        values["names"] = _capitalise(" / ".join(who))
        parts.append(words.table(HINTS, "play.throw_in").format_map(values))
    return " ".join(parts)


__all__ = ["HINTS", "hint_for"]
