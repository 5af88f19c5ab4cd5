"""A pydantic validation error as a message, chosen by the error's type.

Every reader of a file the app takes (builds, catalogs, price lists, clusters, workloads, vendor
settings, exchange rates) turns the first pydantic error into a message with `msg(err)`: the id
`pydantic.<type>` with the error's `ctx` values (words/validation_words.py words it, as pydantic
does in English). The words never depend on how a pydantic release words its errors. A type not
listed keeps pydantic's text; a validator's own error keeps its message (`InputError.msg`) or
its text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .input_error import english
from .message import Arg, Items, Msg

#: type -> the placeholders of its wording (the error's ctx names, renamed by `_RENAMED`)
SHAPES: dict[str, tuple[str, ...]] = {
    "missing": (),
    "extra_forbidden": (),
    "invalid_key": (),
    "string_type": (),
    "string_unicode": (),
    "string_too_short": ("min_length",),
    "string_too_long": ("max_length",),
    "string_pattern_mismatch": ("pattern",),
    "int_type": (),
    "int_parsing": (),
    "int_parsing_size": (),
    "int_from_float": (),
    "float_type": (),
    "float_parsing": (),
    "finite_number": (),
    "bool_type": (),
    "bool_parsing": (),
    "decimal_type": (),
    "decimal_parsing": (),
    "decimal_max_digits": ("max_digits",),
    "decimal_max_places": ("decimal_places",),
    "decimal_whole_digits": ("whole_digits",),
    "greater_than": ("gt",),
    "greater_than_equal": ("ge",),
    "less_than": ("lt",),
    "less_than_equal": ("le",),
    "multiple_of": ("multiple_of",),
    "dict_type": (),
    "model_type": ("class_name",),
    "model_attributes_type": (),
    "dataclass_type": ("class_name",),
    "list_type": (),
    "tuple_type": (),
    "set_type": (),
    "frozen_set_type": (),
    "set_item_not_hashable": (),
    "iterable_type": (),
    "too_short": ("field_type", "min_length", "actual_length"),
    "too_long": ("field_type", "max_length", "actual_length"),
    "literal_error": ("choices",),
    "enum": ("choices",),
    "none_required": (),
    "date_type": (),
    "date_parsing": ("reason",),
    "date_from_datetime_parsing": ("reason",),
    "date_from_datetime_inexact": (),
    "datetime_type": (),
    "datetime_parsing": ("reason",),
    "url_type": (),
    "url_parsing": ("reason",),
    "url_scheme": ("schemes",),
    "url_too_long": ("max_length",),
    "union_tag_invalid": ("tag", "discriminator", "tags"),
    "union_tag_not_found": ("discriminator",),
    "is_instance_of": ("class_name",),
    "frozen_field": (),
    "frozen_instance": (),
    "json_invalid": ("reason",),
    "recursion_loop": (),
    "assertion_error": ("reason",),
}
#: the ctx value that decides between a wording's singular and plural (`….plural`) id
_COUNTED = {"string_too_short": "min_length", "string_too_long": "max_length", "url_too_long": "max_length",
            "decimal_max_digits": "max_digits", "decimal_max_places": "decimal_places",
            "decimal_whole_digits": "whole_digits", "too_short": "min_length", "too_long": "max_length"}
#: ctx names given another placeholder name ("class" is a keyword)
_RENAMED = {"expected": "choices", "expected_tags": "tags", "expected_schemes": "schemes", "error": "reason",
            "class": "class_name"}


def _shown(value: Any) -> str:
    """A ctx value as pydantic prints it: 0.0 as 0, 1e9 as 1000000000."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    return str(value)


def _choices(text: str) -> Arg:
    """pydantic's "'a', "b" or 'c'" as a list of alternatives, joined in the reader's language."""
    head, sep, last = text.rpartition(" or ")
    if not sep:
        return text
    values = [*head.split(", "), last]
    return Items(tuple(values), limit=len(values), conj="or")


def msg(err: Mapping[str, Any]) -> Msg:
    """The message for one pydantic error (a `ValidationError.errors()` item)."""
    kind = str(err.get("type", ""))
    ctx = dict(err.get("ctx") or {})
    if kind == "value_error" and "error" in ctx:
        found = getattr(ctx["error"], "msg", None)
        return found if isinstance(found, Msg) else Msg("input.as-given", text=str(ctx["error"]))
    given = Msg("input.as-given", text=str(err.get("msg", "invalid")).removeprefix("Value error, "))
    shape = SHAPES.get(kind)
    values = {_RENAMED.get(str(k), str(k)): _shown(v) for k, v in ctx.items()}
    if shape is None:
        return given
    if not set(shape) <= values.keys():      # a ctx this wording does not expect: pydantic's text
        return Msg("input.as-given", text=str(err.get("msg", "invalid")))
    counted = _COUNTED.get(kind)
    plural = bool(counted) and ctx.get(counted) != 1
    args: dict[str, Arg] = {k: values[k] for k in shape}
    if "choices" in args and isinstance(args["choices"], str):
        args["choices"] = _choices(args["choices"])
    return Msg(f"pydantic.{kind}" + ".plural" * plural, **args)


def message(err: Mapping[str, Any]) -> str:
    """The English message for one pydantic error, for a reader that still keeps text."""
    return english(msg(err))
