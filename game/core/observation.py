"""Observations are typed: each game declares the shape of what a seat sees as
a TypedDict (named in its spec), and :func:`problems` checks a value against it
(the tests run it over every observation of many random games), so a game
cannot grow an untyped "dict of everything"."""
from __future__ import annotations

import types
import typing
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints


def problems(value: Any, tp: Any, where: str = "observation") -> list[str]:
    """What in ``value`` does not fit the type ``tp`` (empty when it fits)."""
    out: list[str] = []
    _check(value, tp, where, out)
    return out


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__total__")


def _check(v: Any, tp: Any, where: str, out: list[str]) -> None:
    if tp is Any:
        return
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        _check_union(v, tp, where, out)
    elif origin is Literal:
        if v not in get_args(tp):
            out.append(f"{where}: {v!r} is not one of {get_args(tp)}")
    elif tp is None or tp is type(None):
        if v is not None:
            out.append(f"{where}: {v!r} should be None")
    elif _is_typeddict(tp):
        _check_typeddict(v, tp, where, out)
    elif origin in (list, tuple, typing.Sequence):
        _check_sequence(v, tp, origin, where, out)
    elif origin is dict:
        _check_mapping(v, tp, where, out)
    else:
        _check_plain(v, tp, where, out)


def _check_union(v: Any, tp: Any, where: str, out: list[str]) -> None:
    for arg in get_args(tp):
        if not problems(v, arg, where):
            return
    out.append(f"{where}: {v!r} is not {tp}")


def _check_typeddict(v: Any, tp: Any, where: str, out: list[str]) -> None:
    if not isinstance(v, dict):
        out.append(f"{where}: {type(v).__name__} is not a mapping")
        return
    hints = get_type_hints(tp)
    required = getattr(tp, "__required_keys__", frozenset(hints))
    missing = sorted(required - set(v))
    extra = sorted(set(v) - set(hints))
    if missing:
        out.append(f"{where}: missing keys {missing}")
    if extra:
        out.append(f"{where}: keys not in {tp.__name__}: {extra}")
    for k, sub in hints.items():
        if k in v:
            _check(v[k], sub, f"{where}.{k}", out)


def _check_sequence(v: Any, tp: Any, origin: Any, where: str, out: list[str]) -> None:
    if not isinstance(v, (list, tuple)):
        out.append(f"{where}: {type(v).__name__} is not a list")
        return
    args = get_args(tp)
    if origin is tuple and args and args[-1] is not Ellipsis:
        if len(args) != len(v):
            out.append(f"{where}: {len(v)} items, not {len(args)}")
            return
        for i, (x, a) in enumerate(zip(v, args)):
            _check(x, a, f"{where}[{i}]", out)
        return
    item = args[0] if args else Any
    for i, x in enumerate(v):
        _check(x, item, f"{where}[{i}]", out)


def _check_mapping(v: Any, tp: Any, where: str, out: list[str]) -> None:
    if not isinstance(v, dict):
        out.append(f"{where}: {type(v).__name__} is not a mapping")
        return
    kt, vt = get_args(tp) or (Any, Any)
    for k, x in v.items():
        _check(k, kt, f"{where} key", out)
        _check(x, vt, f"{where}[{k!r}]", out)


def _check_plain(v: Any, tp: Any, where: str, out: list[str]) -> None:
    """A number, a class, or a type this module cannot check."""
    if tp is float:
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            out.append(f"{where}: {v!r} is not a number")
    elif isinstance(tp, type):
        if not isinstance(v, tp) or (tp is int and isinstance(v, bool)):
            out.append(f"{where}: {v!r} is not {tp.__name__}")
    else:
        out.append(f"{where}: cannot check against {tp!r}")
