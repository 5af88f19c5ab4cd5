"""A pydantic validation error as one English phrase, chosen by the error's type.

Every reader of a file the app takes (builds, catalogs, price lists, clusters, workloads, vendor
settings, exchange rates) turns the first pydantic error into a message with `message(err)`: the
wording below for its `type`, filled with its `ctx` values. The English is pydantic's own (so
English output does not change; tests/test_cli_lang.py checks it against pydantic-core's
templates), but it is ours, keyed by type: the gettext catalog has each template
once, and a view shows the message in the user's language (`i18n.translate`) without ever
depending on how a pydantic release words its errors. A type not listed keeps pydantic's text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .text import N_

#: type -> (wording, wording when the count in `_COUNTED[type]` is not 1); placeholders are the
#: error's ctx names, renamed by `_RENAMED` where a value is a list ("'a', 'b' or 'c'")
MESSAGES: dict[str, tuple[str, ...]] = {
    "missing": (N_("Field required"),),
    "extra_forbidden": (N_("Extra inputs are not permitted"),),
    "invalid_key": (N_("Keys should be strings"),),
    "string_type": (N_("Input should be a valid string"),),
    "string_unicode": (N_("Input should be a valid string, unable to parse raw data as a unicode string"),),
    "string_too_short": (N_("String should have at least {min_length} character"),
                         N_("String should have at least {min_length} characters")),
    "string_too_long": (N_("String should have at most {max_length} character"),
                        N_("String should have at most {max_length} characters")),
    "string_pattern_mismatch": (N_("String should match pattern '{pattern}'"),),
    "int_type": (N_("Input should be a valid integer"),),
    "int_parsing": (N_("Input should be a valid integer, unable to parse string as an integer"),),
    "int_parsing_size": (N_("Unable to parse input string as an integer, exceeded maximum size"),),
    "int_from_float": (N_("Input should be a valid integer, got a number with a fractional part"),),
    "float_type": (N_("Input should be a valid number"),),
    "float_parsing": (N_("Input should be a valid number, unable to parse string as a number"),),
    "finite_number": (N_("Input should be a finite number"),),
    "bool_type": (N_("Input should be a valid boolean"),),
    "bool_parsing": (N_("Input should be a valid boolean, unable to interpret input"),),
    "decimal_type": (N_("Decimal input should be an integer, float, string or Decimal object"),),
    "decimal_parsing": (N_("Input should be a valid decimal"),),
    "decimal_max_digits": (N_("Decimal input should have no more than {max_digits} digit in total"),
                           N_("Decimal input should have no more than {max_digits} digits in total")),
    "decimal_max_places": (N_("Decimal input should have no more than {decimal_places} decimal place"),
                           N_("Decimal input should have no more than {decimal_places} decimal places")),
    "decimal_whole_digits": (N_("Decimal input should have no more than {whole_digits} digit before the decimal "
                                "point"),
                             N_("Decimal input should have no more than {whole_digits} digits before the decimal "
                                "point")),
    "greater_than": (N_("Input should be greater than {gt}"),),
    "greater_than_equal": (N_("Input should be greater than or equal to {ge}"),),
    "less_than": (N_("Input should be less than {lt}"),),
    "less_than_equal": (N_("Input should be less than or equal to {le}"),),
    "multiple_of": (N_("Input should be a multiple of {multiple_of}"),),
    "dict_type": (N_("Input should be a valid dictionary"),),
    "model_type": (N_("Input should be a valid dictionary or instance of {class_name}"),),
    "model_attributes_type": (N_("Input should be a valid dictionary or object to extract fields from"),),
    "dataclass_type": (N_("Input should be a dictionary or an instance of {class_name}"),),
    "list_type": (N_("Input should be a valid list"),),
    "tuple_type": (N_("Input should be a valid tuple"),),
    "set_type": (N_("Input should be a valid set"),),
    "frozen_set_type": (N_("Input should be a valid frozenset"),),
    "set_item_not_hashable": (N_("Set items should be hashable"),),
    "iterable_type": (N_("Input should be iterable"),),
    "too_short": (N_("{field_type} should have at least {min_length} item after validation, not {actual_length}"),
                  N_("{field_type} should have at least {min_length} items after validation, not {actual_length}")),
    "too_long": (N_("{field_type} should have at most {max_length} item after validation, not {actual_length}"),
                 N_("{field_type} should have at most {max_length} items after validation, not {actual_length}")),
    "literal_error": (N_("Input should be {choices}"),),
    "enum": (N_("Input should be {choices}"),),
    "none_required": (N_("Input should be None"),),
    "date_type": (N_("Input should be a valid date"),),
    "date_parsing": (N_("Input should be a valid date in the format YYYY-MM-DD, {reason}"),),
    "date_from_datetime_parsing": (N_("Input should be a valid date or datetime, {reason}"),),
    "date_from_datetime_inexact": (N_("Datetimes provided to dates should have zero time - e.g. be exact dates"),),
    "datetime_type": (N_("Input should be a valid datetime"),),
    "datetime_parsing": (N_("Input should be a valid datetime, {reason}"),),
    "url_type": (N_("URL input should be a string or URL"),),
    "url_parsing": (N_("Input should be a valid URL, {reason}"),),
    "url_scheme": (N_("URL scheme should be {schemes}"),),
    "url_too_long": (N_("URL should have at most {max_length} character"),
                     N_("URL should have at most {max_length} characters")),
    "union_tag_invalid": (N_("Input tag '{tag}' found using {discriminator} does not match any of the expected "
                             "tags: {tags}"),),
    "union_tag_not_found": (N_("Unable to extract tag using discriminator {discriminator}"),),
    "is_instance_of": (N_("Input should be an instance of {class_name}"),),
    "frozen_field": (N_("Field is frozen"),),
    "frozen_instance": (N_("Instance is frozen"),),
    "json_invalid": (N_("Invalid JSON: {reason}"),),
    "recursion_loop": (N_("Recursion error - cyclic reference detected"),),
    "assertion_error": (N_("Assertion failed, {reason}"),),
    # value_error: the validator's own message (a project message with its own template), no prefix
}
#: the ctx value that decides between a wording's singular and plural form
_COUNTED = {"string_too_short": "min_length", "string_too_long": "max_length", "url_too_long": "max_length",
            "decimal_max_digits": "max_digits", "decimal_max_places": "decimal_places",
            "decimal_whole_digits": "whole_digits", "too_short": "min_length", "too_long": "max_length"}
#: ctx names given another placeholder name: a name ending in "s" may hold a list ("'a', 'b' or 'c'")
#: or a phrase in the catalog's templates (i18n._template_pattern); "class" is a keyword
_RENAMED = {"expected": "choices", "expected_tags": "tags", "expected_schemes": "schemes", "error": "reason",
            "class": "class_name"}


def _shown(value: Any) -> str:
    """A ctx value as pydantic prints it: 0.0 as 0, 1e9 as 1000000000."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    return str(value)


def message(err: Mapping[str, Any]) -> str:
    """The English message for one pydantic error (`ValidationError.errors()` item)."""
    kind = str(err.get("type", ""))
    ctx = dict(err.get("ctx") or {})
    if kind == "value_error" and "error" in ctx:
        return str(ctx["error"])
    forms = MESSAGES.get(kind)
    if forms is None:
        return str(err.get("msg", "invalid")).removeprefix("Value error, ")
    counted = _COUNTED.get(kind)
    text = forms[1] if len(forms) > 1 and counted and ctx.get(counted) != 1 else forms[0]
    values = {_RENAMED.get(str(k), str(k)): _shown(v) for k, v in ctx.items()}
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):   # a ctx this wording does not expect: pydantic's text
        return str(err.get("msg", "invalid"))
