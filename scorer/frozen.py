"""Frozen value classes for the engine (and the hardware's settings, which the
kiosk reads before its first frame), built without `dataclasses`.

`@frozen` (and `@frozen(order=True)`) does for the engine's small value classes
what `@dataclass(frozen=True)` did: an `__init__` from the annotated fields and
their defaults (`factory(f)` for a fresh default per instance), equality and
hashing by the fields' values within the same class, a `repr`, the order
methods on request, `__match_args__`, and no attribute assignment after
`__init__`. The field names are in `cls._fields` (`field_names(cls)`).

For mypy, `frozen` is declared with `typing.dataclass_transform`, so the checker
sees each class's `__init__`, its frozen fields and its order methods as it would
a frozen dataclass's; `factory(f)` is typed as the value `f` makes (as
`dataclasses.field` is), and `replace` returns the type it is given. `typing` is
imported only by the checker (`TYPE_CHECKING` below): the scorer's import does
not pay for it.

Why not `dataclasses`: importing it (with `inspect`, `ast`, `dis` and
`tokenize`) and building the engine's classes with it was most of the cost of
importing the scorer, which every `piquet score` pays. Here the other methods are
closures, and an `__init__` is compiled once for each shape of fields (how many,
which made by a factory) and given each class's names without compiling again.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter, ge, gt, le, lt
from types import CodeType, FunctionType

TYPE_CHECKING = False  # True for mypy, which reads the block below; typing costs start-up
if TYPE_CHECKING:
    from typing import Any, TypeVar, dataclass_transform, overload

    _C = TypeVar("_C", bound=type)
    _T = TypeVar("_T")
    _V = TypeVar("_V")
else:

    def dataclass_transform(**_kwargs):
        return lambda function: function


_MISSING = object()  # a field without a default; a factory's default not given


class FrozenError(AttributeError):
    """An attribute of a frozen instance was assigned or deleted."""


class _Factory:
    """A field's default made afresh for each instance by calling `make`."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], object]) -> None:
        self.make = make


if TYPE_CHECKING:

    def factory(make: Callable[[], _T], /) -> _T:
        """`field: list[str] = factory(list)`: typed as the value it makes."""
        ...

else:
    factory = _Factory


def _refuse_set(self: object, name: str, value: object) -> None:
    raise FrozenError(f"cannot assign to field {name!r}")


def _refuse_delete(self: object, name: str) -> None:
    raise FrozenError(f"cannot delete field {name!r}")


def _methods(names: tuple[str, ...], order: bool) -> dict[str, Callable[..., object]]:
    """__eq__, __hash__, __repr__ (and the order methods) over the fields' values,
    as dataclasses writes them, but closures over one `attrgetter` (no exec)."""
    values = (
        attrgetter(*names)
        if len(names) > 1
        else ((lambda self: (getattr(self, names[0]),)) if names else (lambda self: ()))
    )

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    def __hash__(self: object) -> int:
        return hash(values(self))

    def __repr__(self: object) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    made: dict[str, Callable[..., object]] = {
        "__eq__": __eq__,
        "__hash__": __hash__,
        "__repr__": __repr__,
    }
    if order:
        for method, compare in (("__lt__", lt), ("__le__", le), ("__gt__", gt), ("__ge__", ge)):
            made[method] = _ordered(values, compare)
    return made


def _ordered(
    values: Callable[[object], object], compare: Callable[[Any, Any], bool]
) -> Callable[[object, object], object]:
    def method(self: object, other: object) -> object:
        if other.__class__ is self.__class__:
            return compare(values(self), values(other))
        return NotImplemented

    return method


_INIT_CODE: dict[tuple[bool, ...], CodeType] = {}  # see `_init_code`


def _init_code(makes: tuple[bool, ...]) -> CodeType:
    """The code of an `__init__` for fields of these kinds (True: made by a factory
    when not given), its fields named `f0`, `f1`...: written out below for one to
    eight plain fields, else compiled once for each shape, and given each class's
    field names by `CodeType.replace`, since compiling was most of what building a
    class cost (66 classes before the kiosk's first frame, of 18 shapes). It fills
    the instance's `__dict__` in one call, as the frozen `__setattr__` would refuse
    (and as dataclasses' `object.__setattr__` per field does, in a third less
    time)."""
    code = _INIT_CODE.get(makes)
    if code is None:
        code = _INIT_CODE[makes] = compiled_init(makes)
    return code


def compiled_init(makes: tuple[bool, ...]) -> CodeType:
    """`_init_code`'s code for this shape, compiled."""
    params = [f"f{index}" for index in range(len(makes))]
    body = [
        f" if {param} is _MISSING: {param} = _make_{index}()"
        for index, (param, made) in enumerate(zip(params, makes, strict=True))
        if made
    ]
    body.append(f" self.__dict__.update({', '.join(f'{p}={p}' for p in params)})")
    made_here: dict[str, FunctionType] = {}
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body)
    exec(source, {}, made_here)  # our own text, of placeholders: the one exec
    return made_here["__init__"].__code__


# The shapes of one to eight fields without a factory (most classes), written out:
# their code is in this module's bytecode, so no start compiles them (`_init_code`
# compiles the others, once each).
def _fields_1(self, f0):
    self.__dict__.update(f0=f0)


def _fields_2(self, f0, f1):
    self.__dict__.update(f0=f0, f1=f1)


def _fields_3(self, f0, f1, f2):
    self.__dict__.update(f0=f0, f1=f1, f2=f2)


def _fields_4(self, f0, f1, f2, f3):
    self.__dict__.update(f0=f0, f1=f1, f2=f2, f3=f3)


def _fields_5(self, f0, f1, f2, f3, f4):
    self.__dict__.update(f0=f0, f1=f1, f2=f2, f3=f3, f4=f4)


def _fields_6(self, f0, f1, f2, f3, f4, f5):
    self.__dict__.update(f0=f0, f1=f1, f2=f2, f3=f3, f4=f4, f5=f5)


def _fields_7(self, f0, f1, f2, f3, f4, f5, f6):
    self.__dict__.update(f0=f0, f1=f1, f2=f2, f3=f3, f4=f4, f5=f5, f6=f6)


def _fields_8(self, f0, f1, f2, f3, f4, f5, f6, f7):
    self.__dict__.update(f0=f0, f1=f1, f2=f2, f3=f3, f4=f4, f5=f5, f6=f6, f7=f7)


_INIT_CODE.update(
    ((False,) * count, template.__code__)
    for count, template in enumerate(
        (_fields_1, _fields_2, _fields_3, _fields_4, _fields_5, _fields_6, _fields_7, _fields_8),
        start=1,
    )
)


def _placed(value: object, names: tuple[str, ...]) -> object:
    """A constant of `_init_code`'s code with the class's field names for `f<i>`
    (the keywords of its one call are a tuple of them)."""
    if isinstance(value, tuple):
        return tuple(_placed(item, names) for item in value)
    if isinstance(value, str) and value[:1] == "f" and value[1:].isdigit():
        return names[int(value[1:])]
    return value


if TYPE_CHECKING:  # `@frozen` and `@frozen(order=True)`

    @overload
    def frozen(cls: _C, /) -> _C: ...

    @overload
    def frozen(*, order: bool = False) -> Callable[[_C], _C]: ...


@dataclass_transform(frozen_default=True)
def frozen(cls: _C | None = None, /, *, order: bool = False) -> _C | Callable[[_C], _C]:
    """Make `cls` a frozen value class of its annotated fields (see the module)."""

    def build(cls: _C) -> _C:
        # not inspect.get_annotations: importing inspect is what this module spares
        names = tuple(cls.__dict__.get("__annotations__", {}))  # noqa: RUF063
        defaults = [cls.__dict__.get(name, _MISSING) for name in names]
        makes = tuple(isinstance(default, _Factory) for default in defaults)
        scope: dict[str, object] = {"_MISSING": _MISSING}  # and each factory, `_make_<i>`
        given = 0  # the fields with a default (or a factory), which come last
        for index, (name, default) in enumerate(zip(names, defaults, strict=True)):
            if default is _MISSING:
                if given:
                    raise TypeError(f"non-default argument {name!r} follows default argument")
                continue
            given += 1
            if isinstance(default, _Factory):
                scope[f"_make_{index}"] = default.make
                defaults[index] = _MISSING
        shape = _init_code(makes)
        code = shape.replace(
            co_varnames=("self", *names),
            co_consts=tuple(_placed(value, names) for value in shape.co_consts),
            co_qualname=f"{cls.__qualname__}.__init__",
        )
        made: dict[str, Callable[..., object]] = {
            "__init__": FunctionType(code, scope, "__init__", tuple(defaults[len(names) - given :]))
        }
        made.update(_methods(names, order))
        for method, function in made.items():
            function.__qualname__ = f"{cls.__qualname__}.{method}"
            setattr(cls, method, function)
        for name in names:  # a default stays a class attribute, as with dataclasses
            if isinstance(cls.__dict__.get(name), _Factory):
                delattr(cls, name)
        for name, value in (
            ("__setattr__", _refuse_set),
            ("__delattr__", _refuse_delete),
            ("__match_args__", names),
            ("_fields", names),
        ):
            setattr(cls, name, value)
        return cls

    return build if cls is None else build(cls)


def field_names(value: object, /) -> tuple[str, ...]:
    """The field names of a frozen class or value, in order (its `_fields`, which
    `frozen` sets where mypy cannot see it)."""
    return getattr(value, "_fields")  # noqa: B009 (typed here, once)


def replace(value: _V, /, **changes: Any) -> _V:
    """A copy of a frozen value with some fields changed, as `dataclasses.replace`
    does (an unknown field is a TypeError)."""
    names = field_names(value)
    unknown = sorted(set(changes) - set(names))
    if unknown:
        raise TypeError(f"{value.__class__.__qualname__} has no field {', '.join(unknown)}")
    return value.__class__(
        **{name: changes[name] if name in changes else getattr(value, name) for name in names}
    )
