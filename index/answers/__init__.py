"""Answers for a library: the questions the front ends ask of it.

:mod:`.questions` is the one object commands talk to (history, resolve,
diff, editions); :mod:`.show` is one rule with everything about it;
:mod:`.asked` reads a rule number as a person writes it; :mod:`.verify`
checks that a library's files agree.
"""

__all__: list[str] = []
