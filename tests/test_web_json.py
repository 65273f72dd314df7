"""The API's JSON: written by orjson, byte for byte what Starlette's own response writes."""

from __future__ import annotations

import tracemalloc

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


@pytest.mark.parametrize("items", [10, 150, 10_000])
def test_the_body_holds_no_more_memory_than_its_length(items: int) -> None:
    # the response cache counts an answer by its length: the bytes must not hold more
    answer = {"texts": ["a rule's text, some forty characters long"] * items}
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        body = JSONBytes(answer).body
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(body) <= held <= len(body) + 4096  # the response object itself, a few hundred
