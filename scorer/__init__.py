"""The Piquet rules engine: pure Python, no I/O.

Public entry points (stable; the journal, kiosk and printer use only these):

- `score_record(record: dict) -> dict`: a `piquet-record/1` dict in, the
  `piquet-score/1` dict out (see ../shared/spec/record.md). Raises
  `RecordError` (with `.problems`, one line each) on an invalid record.
- `read_hand(cards: list[str]) -> dict`: what a 12-card hand holds, as the
  `piquet hand --json` dict. Raises `HandError`.
"""

from scorer.errors import ActionError, HandError, RecordError

__all__ = ["ActionError", "HandError", "RecordError", "read_hand", "score_record"]


def __getattr__(name: str):  # lazy, so `import scorer.errors` stays light
    if name == "score_record":
        from scorer.score import score_record

        return score_record
    if name == "read_hand":
        from scorer.hand import read_hand

        return read_hand
    raise AttributeError(name)
