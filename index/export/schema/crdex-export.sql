-- The SQLite shape of a crdex export (schema version 2). Ids are the stable
-- ids of the JSON export (see index/export/ids.py); lists keep their order in
-- `position`. A column that names an edition ends in `edition_id`, one that
-- names an identity in `identity_id`. Every enumerated column references a
-- lookup table (`value`, `description`) that says what each value means.
-- Everything above the "indexes" marker is created before the rows are
-- written, the rest after.

-- the values of each enumeration, with what they mean (filled from
-- index/export/enums.py, as the JSON Schema's enums are)
CREATE TABLE rule_kinds (value TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE node_kinds (value TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE identity_kinds (value TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE identity_statuses (value TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE version_relations (value TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE change_relations (value TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE edit_classes (value TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE link_kinds (value TEXT PRIMARY KEY, description TEXT NOT NULL);
CREATE TABLE reference_kinds (value TEXT PRIMARY KEY, description TEXT NOT NULL);

-- the export's header: format, schema_version, crdex_version, graph_key,
-- complete, exported_edition_ids (JSON), full_text_search
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- every edition of the chain, and any copy outside it that was exported;
-- `exported` says whether its rules and glossary are in this file
CREATE TABLE editions (
    id TEXT PRIMARY KEY,
    chain_index INTEGER UNIQUE,
    effective_date TEXT,
    title TEXT,
    sha256 TEXT NOT NULL,
    file_name TEXT,  -- the document's file (or book folder) name, without where it lay
    rules_count INTEGER,
    glossary_count INTEGER,
    exported INTEGER NOT NULL,
    format TEXT,
    encoding TEXT,
    bytes INTEGER,
    line_endings TEXT,
    lines_total INTEGER,
    lines_accounted INTEGER,
    tree_schema_version INTEGER
);

-- introduction, credits and book index paragraphs
CREATE TABLE edition_lines (
    edition_id TEXT NOT NULL REFERENCES editions(id),
    part TEXT NOT NULL,
    position INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (edition_id, part, position)
);

CREATE TABLE contents (
    edition_id TEXT NOT NULL REFERENCES editions(id),
    position INTEGER NOT NULL,
    number TEXT,
    title TEXT NOT NULL,
    line INTEGER,
    PRIMARY KEY (edition_id, position)
);

-- what ingestion changed or skipped in the document, line by line
CREATE TABLE repairs (
    edition_id TEXT NOT NULL REFERENCES editions(id),
    position INTEGER NOT NULL,
    line INTEGER NOT NULL,
    "column" INTEGER NOT NULL,
    kind TEXT NOT NULL,
    reason TEXT NOT NULL,
    original TEXT NOT NULL,
    replacement TEXT,
    path TEXT,  -- the file, in a document that is a book of several files
    PRIMARY KEY (edition_id, position)
);

CREATE TABLE accounting (
    edition_id TEXT NOT NULL REFERENCES editions(id),
    kind TEXT NOT NULL,
    lines INTEGER NOT NULL,
    PRIMARY KEY (edition_id, kind)
);

-- sections, rules and subrules, in document order
CREATE TABLE rules (
    id TEXT PRIMARY KEY,
    edition_id TEXT NOT NULL REFERENCES editions(id),
    position INTEGER NOT NULL,
    number TEXT NOT NULL,
    kind TEXT NOT NULL REFERENCES rule_kinds(value),  -- section, rule, subrule
    title TEXT,
    text TEXT NOT NULL,
    normalized TEXT NOT NULL,
    parent TEXT,
    parent_id TEXT REFERENCES rules(id),
    children TEXT NOT NULL,
    identity_id TEXT REFERENCES identities(id),
    line INTEGER,
    end_line INTEGER,
    file TEXT,  -- the file of a rule in a book of several files, relative to the book
    UNIQUE (edition_id, position)
);

CREATE TABLE examples (
    rule_id TEXT NOT NULL REFERENCES rules(id),
    position INTEGER NOT NULL,
    text TEXT NOT NULL,
    line INTEGER,
    PRIMARY KEY (rule_id, position)
);

CREATE TABLE rulings (
    rule_id TEXT NOT NULL REFERENCES rules(id),
    position INTEGER NOT NULL,
    text TEXT NOT NULL,
    source TEXT,
    date TEXT,
    number TEXT,
    filed_under TEXT,
    flagged INTEGER NOT NULL,
    line INTEGER,
    PRIMARY KEY (rule_id, position)
);

-- the sources a rulings page credits a rule with
CREATE TABLE rule_citations (
    rule_id TEXT NOT NULL REFERENCES rules(id),
    position INTEGER NOT NULL,
    source TEXT NOT NULL,
    date TEXT,
    PRIMARY KEY (rule_id, position)
);

-- cross-references in the rule's text; `target_id` is the cited rule in the same edition
CREATE TABLE rule_references (
    rule_id TEXT NOT NULL REFERENCES rules(id),
    position INTEGER NOT NULL,
    target TEXT NOT NULL,
    target_id TEXT REFERENCES rules(id),
    kind TEXT NOT NULL REFERENCES reference_kinds(value),  -- rule, section
    text TEXT NOT NULL,
    start INTEGER NOT NULL,
    PRIMARY KEY (rule_id, position)
);

CREATE TABLE glossary (
    id TEXT PRIMARY KEY,
    edition_id TEXT NOT NULL REFERENCES editions(id),
    position INTEGER NOT NULL,
    term TEXT NOT NULL,
    definition TEXT NOT NULL,
    obsolete INTEGER NOT NULL,
    identity_id TEXT REFERENCES identities(id),
    line INTEGER,
    UNIQUE (edition_id, position)
);

CREATE TABLE glossary_aliases (
    glossary_id TEXT NOT NULL REFERENCES glossary(id),
    position INTEGER NOT NULL,
    alias TEXT NOT NULL,
    PRIMARY KEY (glossary_id, position)
);

CREATE TABLE glossary_references (
    glossary_id TEXT NOT NULL REFERENCES glossary(id),
    position INTEGER NOT NULL,
    target TEXT NOT NULL,
    target_id TEXT REFERENCES rules(id),
    kind TEXT NOT NULL REFERENCES reference_kinds(value),  -- rule, section
    text TEXT NOT NULL,
    start INTEGER NOT NULL,
    PRIMARY KEY (glossary_id, position)
);

-- a rule or glossary entry followed across editions, whatever numbers it held;
-- identity ids in other tables (split and merge partners) are plain text, as a
-- partial export may hold only one side
CREATE TABLE identities (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL REFERENCES identity_kinds(value),  -- rule, glossary
    first_edition_id TEXT NOT NULL REFERENCES editions(id),
    last_edition_id TEXT NOT NULL REFERENCES editions(id),
    status TEXT NOT NULL REFERENCES identity_statuses(value),  -- current, removed, merged
    last_number TEXT,  -- the number a rule held last (now, if current); null for glossary
    last_term TEXT,  -- the term a glossary entry held last; null for a rule
    merged_into_identity_id TEXT  -- status merged: the identity it went into
);

-- stretches of editions in which an identity kept one number (or term) and one wording
CREATE TABLE versions (
    identity_id TEXT NOT NULL REFERENCES identities(id),
    position INTEGER NOT NULL,
    first_edition_id TEXT NOT NULL REFERENCES editions(id),
    last_edition_id TEXT NOT NULL REFERENCES editions(id),
    first_chain_index INTEGER NOT NULL,
    last_chain_index INTEGER NOT NULL,
    number TEXT,  -- a rule's number; null for glossary
    term TEXT,  -- a glossary entry's term; null for a rule
    kind TEXT NOT NULL REFERENCES node_kinds(value),  -- section, rule, subrule, glossary
    title TEXT NOT NULL,
    text TEXT NOT NULL,  -- the rule's own text (a glossary entry: its definition)
    examples TEXT NOT NULL,  -- its examples: a JSON list of strings
    -- first, added, split, moved, edited, unchanged: how it came from the previous version
    relation TEXT NOT NULL REFERENCES version_relations(value),
    -- none, typography, references, examples, meaning; null for the first version
    edit_class TEXT REFERENCES edit_classes(value),
    previous_number TEXT,  -- relation moved: the number it held before
    previous_term TEXT,  -- relation moved, glossary: the term it had before
    PRIMARY KEY (identity_id, position)
);

CREATE TABLE links (
    kind TEXT NOT NULL REFERENCES link_kinds(value),  -- split, merge
    edition_id TEXT NOT NULL REFERENCES editions(id),
    source_identity_id TEXT NOT NULL,
    target_identity_id TEXT NOT NULL,
    PRIMARY KEY (kind, edition_id, source_identity_id, target_identity_id)
);

-- what happened to each identity at each edition, against the previous one
-- (a latest-only export holds those of its edition: "what changed in it")
CREATE TABLE changes (
    edition_id TEXT NOT NULL REFERENCES editions(id),
    previous_edition_id TEXT NOT NULL REFERENCES editions(id),
    identity_id TEXT NOT NULL REFERENCES identities(id),
    kind TEXT NOT NULL REFERENCES identity_kinds(value),  -- rule, glossary
    -- added, split, moved, edited, removed, merged
    relation TEXT NOT NULL REFERENCES change_relations(value),
    old_number TEXT,  -- its number in the previous edition (null if added or split)
    new_number TEXT,  -- its number in this edition (null if removed or merged)
    old_term TEXT,  -- the same two for a glossary entry
    new_term TEXT,
    -- moved or edited: none, typography, references, examples, meaning
    edit_class TEXT REFERENCES edit_classes(value),
    split_from_identity_id TEXT,  -- relation split: the identity it split from
    merged_into_identity_id TEXT  -- relation merged: the identity it went into
);

-- every rule with its edition's date, for browsing one identity through time
CREATE VIEW rule_history AS
SELECT r.identity_id, e.effective_date, r.edition_id, r.number, r.title, r.text, r.id AS rule_id
FROM rules AS r JOIN editions AS e ON e.id = r.edition_id;

-- each change with the wording before and after it, from the identities' versions
CREATE VIEW change_texts AS
SELECT c.edition_id, c.previous_edition_id, c.identity_id, c.relation, c.edit_class,
       c.old_number, c.new_number, c.old_term, c.new_term,
       o.title AS old_title, o.text AS old_text, o.examples AS old_examples,
       n.title AS new_title, n.text AS new_text, n.examples AS new_examples
FROM changes AS c
JOIN editions AS e ON e.id = c.edition_id
LEFT JOIN versions AS o ON o.identity_id = c.identity_id
     AND e.chain_index - 1 BETWEEN o.first_chain_index AND o.last_chain_index
LEFT JOIN versions AS n ON n.identity_id = c.identity_id
     AND e.chain_index BETWEEN n.first_chain_index AND n.last_chain_index;

-- indexes
CREATE INDEX rules_edition_number ON rules (edition_id, number);
CREATE INDEX rules_number ON rules (number);
CREATE INDEX rules_title ON rules (title);
CREATE INDEX rules_identity ON rules (identity_id);
CREATE INDEX rules_parent ON rules (parent_id);
CREATE INDEX rule_references_target ON rule_references (target_id);
CREATE INDEX glossary_edition_term ON glossary (edition_id, term);
CREATE INDEX glossary_term ON glossary (term);
CREATE INDEX glossary_identity ON glossary (identity_id);
CREATE INDEX versions_number ON versions (number);
CREATE INDEX versions_term ON versions (term);
CREATE INDEX links_source ON links (source_identity_id);
CREATE INDEX links_target ON links (target_identity_id);
CREATE INDEX changes_edition ON changes (edition_id);
CREATE INDEX changes_identity ON changes (identity_id);
