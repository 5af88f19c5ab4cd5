"""`words.errors.error_text` for the errors that are not `InputError`s but reach a user all the
same (the window shows them, the CLI prints them): the OS's refusals by their number, pydantic's
validation errors by their first error, and an error with no words at all."""

from __future__ import annotations

import errno

import pytest
from pydantic import BaseModel, ValidationError

from configurator.words.errors import error_text


def test_an_os_error_is_the_file_and_the_reason_in_the_language():
    exc = FileNotFoundError(errno.ENOENT, "No such file or directory", "/tmp/gone/x.json")
    assert str(exc) == "[Errno 2] No such file or directory: '/tmp/gone/x.json'"
    assert error_text(exc, "en") == "/tmp/gone/x.json: No such file or directory"
    assert error_text(exc, "zh_CN") == "/tmp/gone/x.json: 没有那个文件或目录"
    assert error_text(PermissionError(errno.EACCES, "Permission denied"), "zh_CN") == "权限不够"


def test_an_os_error_the_app_does_not_word_is_shown_as_python_says_it():
    exc = ConnectionResetError(errno.ECONNRESET, "Connection reset by peer")
    assert error_text(exc, "zh_CN") == str(exc) == "[Errno 104] Connection reset by peer"


class _Shape(BaseModel):
    count: int


def test_a_validation_error_is_its_first_error_at_its_field():
    with pytest.raises(ValidationError) as info:
        _Shape(count="many")
    assert str(info.value).splitlines()[0] == "1 validation error for _Shape"   # what the window showed before
    assert error_text(info.value, "en") == ("field 'count': Input should be a valid integer, "
                                            "unable to parse string as an integer")
    chinese = error_text(info.value, "zh_CN")
    assert chinese.startswith("字段 'count'：") and "整数" in chinese, chinese


def test_an_error_without_words_says_what_it_is():
    assert error_text(ValueError()) == "ValueError"
    assert error_text(OSError()) == "OSError"
    assert error_text(ValueError("first\nsecond")) == "first"
