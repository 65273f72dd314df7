"""The API's JSON: written by orjson, byte for byte what Starlette's own response writes."""

from __future__ import annotations

import pytest
from markupsafe import Markup
from starlette.responses import JSONResponse

from crdex.web.headers import JSONBytes

ANSWERS = [
    {"rule": "702.19b", "text": "“Trample” — it’s assigned… <b>&</b>", "examples": []},
    {"counts": {"added": 3, "moved": 0}, "ratio": 0.125, "none": None, "flags": [True, False]},
    {"nested": [{"a": [1, 2, {"b": "ü"}]}], "big": 2**53, "negative": -7.5e-12},
    {1: "a number as a key is written as a string", "tuple": (1, "two")},
    {"markup": Markup("<em>Magic</em>")},
]


@pytest.mark.parametrize("answer", ANSWERS)
def test_the_same_bytes_as_starlettes_json(answer: dict) -> None:
    assert JSONBytes(answer).body == JSONResponse(answer).body


def test_what_cannot_be_json_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        JSONBytes({"set": {1, 2}})
    with pytest.raises(TypeError):
        JSONResponse({"set": {1, 2}})
