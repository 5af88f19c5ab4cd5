"""pydantic's validation errors, worded by type: the message ids `core/validation_text.py` gives.

The English is pydantic's own (tests/test_cli_lang.py checks it against pydantic-core's
templates), so English output does not change; each wording has its zh_CN entry in the catalog,
and a pydantic release that rewords its English changes nothing here. A wording with a count
has a second entry (`….plural`) for a count other than 1.
"""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "pydantic.missing": N_("Field required"),
    "pydantic.extra_forbidden": N_("Extra inputs are not permitted"),
    "pydantic.invalid_key": N_("Keys should be strings"),
    "pydantic.string_type": N_("Input should be a valid string"),
    "pydantic.string_unicode": N_("Input should be a valid string, unable to parse raw data as a unicode string"),
    "pydantic.string_too_short": N_("String should have at least {min_length} character"),
    "pydantic.string_too_short.plural": N_("String should have at least {min_length} characters"),
    "pydantic.string_too_long": N_("String should have at most {max_length} character"),
    "pydantic.string_too_long.plural": N_("String should have at most {max_length} characters"),
    "pydantic.string_pattern_mismatch": N_("String should match pattern '{pattern}'"),
    "pydantic.int_type": N_("Input should be a valid integer"),
    "pydantic.int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "pydantic.int_parsing_size": N_("Unable to parse input string as an integer, exceeded maximum size"),
    "pydantic.int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "pydantic.float_type": N_("Input should be a valid number"),
    "pydantic.float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "pydantic.finite_number": N_("Input should be a finite number"),
    "pydantic.bool_type": N_("Input should be a valid boolean"),
    "pydantic.bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "pydantic.decimal_type": N_("Decimal input should be an integer, float, string or Decimal object"),
    "pydantic.decimal_parsing": N_("Input should be a valid decimal"),
    "pydantic.decimal_max_digits": N_("Decimal input should have no more than {max_digits} digit in total"),
    "pydantic.decimal_max_digits.plural": N_("Decimal input should have no more than {max_digits} digits in total"),
    "pydantic.decimal_max_places": N_("Decimal input should have no more than {decimal_places} decimal place"),
    "pydantic.decimal_max_places.plural": N_("Decimal input should have no more than {decimal_places} decimal "
                                             "places"),
    "pydantic.decimal_whole_digits": N_("Decimal input should have no more than {whole_digits} digit before "
                                        "the decimal point"),
    "pydantic.decimal_whole_digits.plural": N_("Decimal input should have no more than {whole_digits} digits before "
                                               "the decimal point"),
    "pydantic.greater_than": N_("Input should be greater than {gt}"),
    "pydantic.greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "pydantic.less_than": N_("Input should be less than {lt}"),
    "pydantic.less_than_equal": N_("Input should be less than or equal to {le}"),
    "pydantic.multiple_of": N_("Input should be a multiple of {multiple_of}"),
    "pydantic.dict_type": N_("Input should be a valid dictionary"),
    "pydantic.model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    "pydantic.model_attributes_type": N_("Input should be a valid dictionary or object to extract fields from"),
    "pydantic.dataclass_type": N_("Input should be a dictionary or an instance of {class_name}"),
    "pydantic.list_type": N_("Input should be a valid list"),
    "pydantic.tuple_type": N_("Input should be a valid tuple"),
    "pydantic.set_type": N_("Input should be a valid set"),
    "pydantic.frozen_set_type": N_("Input should be a valid frozenset"),
    "pydantic.set_item_not_hashable": N_("Set items should be hashable"),
    "pydantic.iterable_type": N_("Input should be iterable"),
    "pydantic.too_short": N_("{field_type} should have at least {min_length} item after validation, "
                             "not {actual_length}"),
    "pydantic.too_short.plural": N_("{field_type} should have at least {min_length} items after "
                                    "validation, not {actual_length}"),
    "pydantic.too_long": N_("{field_type} should have at most {max_length} item after validation, "
                            "not {actual_length}"),
    "pydantic.too_long.plural": N_("{field_type} should have at most {max_length} items after validation, "
                                   "not {actual_length}"),
    "pydantic.literal_error": N_("Input should be {choices}"),
    "pydantic.enum": N_("Input should be {choices}"),
    "pydantic.none_required": N_("Input should be None"),
    "pydantic.date_type": N_("Input should be a valid date"),
    "pydantic.date_parsing": N_("Input should be a valid date in the format YYYY-MM-DD, {reason}"),
    "pydantic.date_from_datetime_parsing": N_("Input should be a valid date or datetime, {reason}"),
    "pydantic.date_from_datetime_inexact": N_("Datetimes provided to dates should have zero time - e.g. be exact "
                                              "dates"),
    "pydantic.datetime_type": N_("Input should be a valid datetime"),
    "pydantic.datetime_parsing": N_("Input should be a valid datetime, {reason}"),
    "pydantic.url_type": N_("URL input should be a string or URL"),
    "pydantic.url_parsing": N_("Input should be a valid URL, {reason}"),
    "pydantic.url_scheme": N_("URL scheme should be {schemes}"),
    "pydantic.url_too_long": N_("URL should have at most {max_length} character"),
    "pydantic.url_too_long.plural": N_("URL should have at most {max_length} characters"),
    "pydantic.union_tag_invalid": N_("Input tag '{tag}' found using {discriminator} does not match any of "
                                     "the expected tags: {tags}"),
    "pydantic.union_tag_not_found": N_("Unable to extract tag using discriminator {discriminator}"),
    "pydantic.is_instance_of": N_("Input should be an instance of {class_name}"),
    "pydantic.frozen_field": N_("Field is frozen"),
    "pydantic.frozen_instance": N_("Instance is frozen"),
    "pydantic.json_invalid": N_("Invalid JSON: {reason}"),
    "pydantic.recursion_loop": N_("Recursion error - cyclic reference detected"),
    "pydantic.assertion_error": N_("Assertion failed, {reason}"),
}
