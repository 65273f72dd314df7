"""The library's answers as text for people: one module per kind of answer.

The command line prints them, the MCP server sends them beside its data,
and the web site takes their words where it says the same thing; none of
the front ends renders an answer another one also renders, and none
imports another. This package imports the library, never a front end.

``printer`` prints styled lines (rich on a terminal, plain text elsewhere,
or into a string); ``show`` a rule or a glossary entry; ``search`` a
search result; ``history``, ``resolve`` and ``diff`` the lineage answers;
``placement`` which edition a document is; ``editions`` the editions and
an edition's contents; ``citations`` checked citations; ``rulings``,
``shorten`` and ``pages`` the small pieces several of them share;
``notes`` what is said beside an answer.

Nothing is imported here: a command imports the one module it prints with,
so that ``--help`` and ``--json`` runs do not pay for the others.
"""
