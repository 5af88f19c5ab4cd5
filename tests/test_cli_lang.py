"""The command line's own words in Chinese: `--help` of `configurator` and its subcommands,
argparse's headings and error lines, and pydantic's messages worded by error type."""

from __future__ import annotations

import argparse
import re
import typing

import pytest
from pydantic_core import PydanticKnownError, core_schema

from configurator.cli import argparse_words as cli_lang
from configurator.cli import main as cli
from configurator.core import validation_text
from configurator.words import i18n, say
from configurator.words.table import TABLE

HAN = re.compile(r"[\u4e00-\u9fff]")
ARGPARSE_ENGLISH = ("usage:", "positional arguments", "options:", "show this help message and exit")


def _run(args: list[str], capsys, env_lang: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if env_lang is not None:
        monkeypatch.setenv(i18n.ENV_VAR, env_lang)
    try:
        code = cli.main(args)
    except SystemExit as exc:     # --help and argparse's errors exit from inside the parser
        code = int(exc.code or 0)
    finally:
        i18n.set_language("en")
    got = capsys.readouterr()
    return code, got.out, got.err


def test_top_level_help_in_chinese(capsys):
    code, out, _ = _run(["--help", "--lang", "zh_CN"], capsys)
    assert code == 0
    assert out.startswith("用法：configurator ")
    for heading in ("位置参数", "选项", "显示此帮助信息并退出", "配置 AI 训练与推理服务器。", "按全部规则检查配置"):
        assert heading in out, heading
    for english in ARGPARSE_ENGLISH + ("Configure AI", "check a build against every rule"):
        assert english not in out, english


@pytest.mark.parametrize("command", ["check", "evaluate", "compare", "cluster", "workload", "recommend", "quote",
                                     "import", "explain", "bom", "plan", "verify", "export", "catalog", "gui"])
def test_subcommand_help_in_chinese(command, capsys, monkeypatch):
    code, out, _ = _run([command, "--help"], capsys, env_lang="zh_CN", monkeypatch=monkeypatch)
    assert code == 0 and out.startswith(f"用法：configurator {command} ") and "选项" in out
    assert not any(english in out for english in ARGPARSE_ENGLISH), out
    # every help text is Chinese (flag names, metavars and choices aside)
    helps = [ln.split("  ", 1)[1] for ln in out.splitlines()
             if ln.startswith("  ") and "  " in ln.strip() and not ln.strip().startswith("{")]
    english = [h for h in helps if re.search(r"\b[a-z]{3,}(?: [a-z]{3,}){2,}\b", h) and not HAN.search(h)]
    assert not english, english


def test_argparse_errors_in_chinese(capsys):
    code, _, err = _run(["check", "--lang", "zh_CN"], capsys)
    assert code == 2 and err == "configurator check：错误：缺少以下必填参数：build\n"
    code, _, err = _run(["workload", "--mode", "x", "--lang=zh_CN"], capsys)
    assert code == 2 and "参数 --mode：无效的选项：'x'" in err and "invalid choice" not in err
    code, _, err = _run(["check", "a.json", "--bogus", "--lang", "zh_CN"], capsys)
    assert code == 2 and "无法识别的参数：--bogus" in err and len(err.splitlines()) == 1


def test_english_help_and_errors_unchanged(capsys, monkeypatch):
    code, out, _ = _run(["check", "--help"], capsys, env_lang="en", monkeypatch=monkeypatch)
    assert code == 0 and out.startswith("usage: configurator check ") and "positional arguments" in out
    assert "show this help message and exit" in out and not HAN.search(out)
    code, _, err = _run(["check", "--lang", "en"], capsys)
    assert err == "configurator check: error: the following arguments are required: build\n"


def test_argparse_words_are_restored_after_parsing(capsys):
    _run(["check", "--help", "--lang", "zh_CN"], capsys)
    assert argparse._("usage: ") == "usage: "   # type: ignore[attr-defined]
    assert "usage:" in cli.build_parser().format_usage()


@pytest.mark.parametrize(("argv", "lang"), [
    (["--lang", "zh_CN", "check", "x"], "zh_CN"), (["check", "x", "--lang=en"], "en"), (["check", "x"], None),
    (["check", "--", "--lang", "zh_CN"], None),
])
def test_language_is_read_before_parsing(argv, lang):
    assert cli_lang.language_in(argv) == lang


def test_unsupported_lang_is_refused_in_the_chosen_language(capsys, monkeypatch):
    code, _, err = _run(["check", "x.json", "--lang", "fr"], capsys, env_lang="zh_CN", monkeypatch=monkeypatch)
    assert code == 2 and "无效的选项：'fr'" in err and len(err.splitlines()) == 1


# ----------------------------------------------------------------------------- pydantic by type

#: a ctx for each mapped type that needs one (the values pydantic gives)
CTX = {"string_too_short": {"min_length": 1}, "string_too_long": {"max_length": 200},
       "string_pattern_mismatch": {"pattern": "^a$"}, "greater_than": {"gt": 0}, "greater_than_equal": {"ge": 1},
       "less_than": {"lt": 5}, "less_than_equal": {"le": 2.5}, "multiple_of": {"multiple_of": 2},
       "decimal_max_digits": {"max_digits": 12}, "decimal_max_places": {"decimal_places": 2},
       "decimal_whole_digits": {"whole_digits": 10}, "model_type": {"class_name": "Build"},
       "dataclass_type": {"class_name": "Build"}, "is_instance_of": {"class": "Build"},
       "too_short": {"field_type": "List", "min_length": 2, "actual_length": 1},
       "too_long": {"field_type": "List", "max_length": 3, "actual_length": 5},
       "literal_error": {"expected": "'A' or 'B'"}, "enum": {"expected": "'x', 'y' or 'z'"},
       "date_parsing": {"error": "input is too short"}, "date_from_datetime_parsing": {"error": "x"},
       "datetime_parsing": {"error": "x"}, "url_parsing": {"error": "x"}, "url_scheme": {"expected_schemes": "'https'"},
       "url_too_long": {"max_length": 2083}, "json_invalid": {"error": "x"}, "assertion_error": {"error": "x"},
       "union_tag_invalid": {"discriminator": "'kind'", "tag": "x", "expected_tags": "'a', 'b'"},
       "union_tag_not_found": {"discriminator": "'kind'"}}


@pytest.mark.parametrize("kind", sorted(validation_text.SHAPES))
def test_every_mapped_pydantic_type_is_worded_as_pydantic_and_translated(kind):
    assert kind in typing.get_args(core_schema.ErrorType)
    ctx = CTX.get(kind, {})
    msg = validation_text.msg({"type": kind, "ctx": ctx, "msg": "?"})
    assert msg.id.startswith(f"pydantic.{kind}")
    assert say(msg, "en") == PydanticKnownError(kind, ctx or None).message()   # English output unchanged
    catalog = i18n.load_catalog("zh_CN")
    for key in (f"pydantic.{kind}", f"pydantic.{kind}.plural"):
        wording = TABLE.get(key)
        assert wording is None or HAN.search(catalog.gettext(str(wording))), wording
    chinese = say(msg, "zh_CN")
    assert HAN.search(chinese) and "should" not in chinese, chinese


def test_a_type_not_mapped_keeps_pydantic_text_and_value_errors_lose_their_prefix():
    assert validation_text.message({"type": "callable_type", "msg": "Input should be callable"}) == \
        "Input should be callable"
    assert validation_text.message({"type": "value_error", "msg": "Value error, boom",
                                    "ctx": {"error": ValueError("boom")}}) == "boom"


def test_alternatives_are_joined_the_chinese_way():
    msg = validation_text.msg({"type": "literal_error", "ctx": {"expected": "'train', 'infer' or 'serve'"}})
    assert say(msg, "en") == "Input should be 'train', 'infer' or 'serve'"
    assert say(msg, "zh_CN") == "输入应为 'train'、'infer' 或 'serve'"
