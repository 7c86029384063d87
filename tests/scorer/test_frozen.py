"""scorer.frozen behaves as `dataclasses.dataclass(frozen=True)` for the engine's classes."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.cards import Card
from scorer.frozen import FrozenError, factory, field_names, frozen
from scorer.record import Deal


@frozen(order=True)
class Pair:
    """A test class: two fields, the second with a default."""

    first: int
    second: str = "x"


@dataclasses.dataclass(frozen=True, order=True)
class PairOracle:
    first: int
    second: str = "x"


@given(
    a=st.tuples(st.integers(-3, 3), st.sampled_from("xyz")),
    b=st.tuples(st.integers(-3, 3), st.sampled_from("xyz")),
)
def test_equality_hash_and_order_are_the_dataclass_ones(a: tuple, b: tuple) -> None:
    mine, theirs = (Pair(*a), Pair(*b)), (PairOracle(*a), PairOracle(*b))
    assert (mine[0] == mine[1]) == (theirs[0] == theirs[1])
    assert (mine[0] < mine[1]) == (theirs[0] < theirs[1])
    assert (mine[0] >= mine[1]) == (theirs[0] >= theirs[1])
    assert hash(mine[0]) == hash(Pair(*a))
    assert repr(mine[0]) == repr(theirs[0]).replace("PairOracle", "Pair")


def test_defaults_factories_and_no_assignment() -> None:
    assert Pair(1) == Pair(1, "x") == Pair(first=1, second="x")
    assert Pair(1) != PairOracle(1) and Pair(1) != (1, "x")
    assert Pair._fields == ("first", "second") == Pair.__match_args__
    assert field_names(Pair) == field_names(Pair(1)) == ("first", "second")
    with pytest.raises(FrozenError):
        Pair(1).first = 2  # type: ignore[misc]
    with pytest.raises(FrozenError):
        del Pair(1).second
    with pytest.raises(TypeError):
        Pair()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _ = Pair(1) < PairOracle(1)  # type: ignore[operator]
    one, two = Deal(1), Deal(2)
    assert one.holdings == {} and one.holdings is not two.holdings  # factory(dict)


def test_copies_and_pickles_keep_the_value() -> None:
    card = Card("S", "A")
    assert copy.deepcopy(card) == card == pickle.loads(pickle.dumps(card))
    assert sorted([Card("S", "K"), Card("H", "A"), Card("S", "A")]) == [
        Card("H", "A"),
        Card("S", "A"),
        Card("S", "K"),
    ]

    @frozen
    class Empty:
        """No field at all."""

    assert Empty() == Empty() and hash(Empty()) == hash(())
    assert isinstance(factory(list).make(), list)


def test_classes_of_one_shape_keep_their_own_fields() -> None:
    """Two classes with as many fields share one compiled `__init__` shape; each
    still takes its own names, by position and by keyword, and its own factory."""

    @frozen
    class Seat:
        name: str
        side: int = 0
        notes: list[str] = factory(list)

    @frozen
    class Bid:
        amount: int
        suit: str = "S"
        said: tuple[str, ...] = factory(tuple)

    assert Seat("Anne", notes=["x"]) == Seat(name="Anne", side=0, notes=["x"])
    assert (Bid(3).amount, Bid(3).suit, Bid(3).said) == (3, "S", ())
    assert Seat("Anne").notes == [] and Seat("Anne").notes is not Seat("Anne").notes
    assert repr(Bid(amount=1, suit="H")).endswith(".Bid(amount=1, suit='H', said=())")
    with pytest.raises(
        TypeError, match=r"Seat\.__init__\(\) got an unexpected keyword argument .amount."
    ):
        Seat(amount=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Bid(1, "H", (), 4)  # type: ignore[call-arg]
    assert Seat.__init__.__code__.co_varnames == ("self", "name", "side", "notes")
    assert Bid.__init__.__code__.co_varnames == ("self", "amount", "suit", "said")


def test_the_shapes_written_out_are_the_ones_compiled() -> None:
    """One to eight fields without a factory: the code written in scorer.frozen
    (kept in its bytecode) is the code `_init_code` would compile."""
    from scorer.frozen import _INIT_CODE, compiled_init

    for count in range(1, 9):
        shape = (False,) * count
        written, made = _INIT_CODE[shape], compiled_init(shape)
        assert (written.co_code, written.co_consts, written.co_varnames) == (
            made.co_code,
            made.co_consts,
            made.co_varnames,
        ), count


def test_a_field_without_default_after_one_with_is_refused() -> None:
    with pytest.raises(TypeError, match="non-default argument 'second' follows default"):

        @frozen
        class Wrong:
            first: int = 0
            second: int  # type: ignore[misc]


@given(a=st.tuples(st.integers(-3, 3), st.sampled_from("xyz")), second=st.sampled_from("xyz"))
def test_replace_is_the_dataclass_one(a: tuple, second: str) -> None:
    from scorer.frozen import replace

    mine = replace(Pair(*a), second=second)
    theirs = dataclasses.replace(PairOracle(*a), second=second)
    assert (mine.first, mine.second) == (theirs.first, theirs.second)
    assert replace(Pair(*a)) == Pair(*a) and replace(Pair(*a)) is not Pair(*a)
    with pytest.raises(TypeError, match="no field third"):
        replace(Pair(*a), third=1)


CHECKED = """
from scorer.frozen import factory, frozen, replace

@frozen(order=True)
class Pair:
    first: int
    second: str = "x"
    seen: list[str] = factory(list)

@frozen
class Plain:
    only: int

pair = Pair(1)
reveal_type(replace(pair, second="y"))
reveal_type(pair.seen)
Pair()
Pair("one")
Pair(1, seen=3)
pair.first = 2
Plain(1) < Plain(2)
ok = Pair(1) < Pair(2) and Pair(1, "y", ["z"]) != Plain(only=1)
"""


def test_mypy_sees_what_frozen_builds(tmp_path, monkeypatch) -> None:
    """`frozen` is declared with dataclass_transform: mypy knows each class's
    constructor, its frozen fields, its order methods and what `replace` and
    `factory` give (the checker is the oracle; each line below is one case)."""
    from pathlib import Path

    from mypy import api

    (tmp_path / "checked.py").write_text(CHECKED, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)  # mypy finds `scorer` from the checkout
    out, _, status = api.run(
        [
            str(tmp_path / "checked.py"),
            "--config-file",
            str(root / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "cache"),
            "--no-error-summary",
            "--hide-error-context",
        ]
    )
    said = {
        int(line.split(":")[1]): line.split(": ", 2)[2]
        for line in out.splitlines()
        if line.startswith(str(tmp_path / "checked.py"))
    }
    lines = CHECKED.splitlines()

    def at(text: str) -> str:
        return said.get(lines.index(text) + 1, "")

    assert status == 1
    assert at('reveal_type(replace(pair, second="y"))') == 'Revealed type is "checked.Pair"'
    assert at("reveal_type(pair.seen)") == 'Revealed type is "list[str]"'
    assert "Missing positional argument" in at("Pair()")
    assert 'incompatible type "str"; expected "int"' in at('Pair("one")')
    assert 'incompatible type "int"; expected "list[str]"' in at("Pair(1, seen=3)")
    assert "read-only" in at("pair.first = 2")
    assert "Unsupported left operand type for <" in at("Plain(1) < Plain(2)")
    assert at('ok = Pair(1) < Pair(2) and Pair(1, "y", ["z"]) != Plain(only=1)') == ""
