-- The SQLite shape of a crdex export. Ids are the stable ids of the JSON
-- export (see index/export/ids.py); lists keep their order in `position`.
-- Everything above the "indexes" marker is created before the rows are
-- written, the rest after.

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
    path TEXT,
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
    kind TEXT NOT NULL,
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
    kind TEXT NOT NULL,
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
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    start INTEGER NOT NULL,
    PRIMARY KEY (glossary_id, position)
);

-- a rule or glossary entry followed across editions, whatever numbers it held
CREATE TABLE identities (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    first_edition TEXT NOT NULL REFERENCES editions(id),
    last_edition TEXT NOT NULL REFERENCES editions(id),
    status TEXT NOT NULL,
    key TEXT NOT NULL,
    merged_into TEXT
);

-- stretches of editions in which an identity kept one number (key) and one wording
CREATE TABLE versions (
    identity_id TEXT NOT NULL REFERENCES identities(id),
    position INTEGER NOT NULL,
    first_edition TEXT NOT NULL REFERENCES editions(id),
    last_edition TEXT NOT NULL REFERENCES editions(id),
    first_index INTEGER NOT NULL,
    last_index INTEGER NOT NULL,
    key TEXT NOT NULL,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    text TEXT NOT NULL,
    relation TEXT NOT NULL,
    change TEXT,
    previous_key TEXT,
    PRIMARY KEY (identity_id, position)
);

CREATE TABLE links (
    kind TEXT NOT NULL,
    edition TEXT NOT NULL REFERENCES editions(id),
    source TEXT NOT NULL,
    target TEXT NOT NULL,
    PRIMARY KEY (kind, edition, source, target)
);

-- what happened to each identity at each edition, against the previous one
CREATE TABLE changes (
    edition TEXT NOT NULL REFERENCES editions(id),
    previous_edition TEXT NOT NULL REFERENCES editions(id),
    identity_id TEXT NOT NULL REFERENCES identities(id),
    kind TEXT NOT NULL,
    relation TEXT NOT NULL,
    from_key TEXT,
    to_key TEXT,
    change TEXT,
    other TEXT
);

-- every rule with its edition's date, for browsing one identity through time
CREATE VIEW rule_history AS
SELECT r.identity_id, e.effective_date, r.edition_id, r.number, r.title, r.text, r.id AS rule_id
FROM rules AS r JOIN editions AS e ON e.id = r.edition_id;

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
CREATE INDEX versions_key ON versions (key);
CREATE INDEX links_source ON links (source);
CREATE INDEX links_target ON links (target);
CREATE INDEX changes_edition ON changes (edition);
CREATE INDEX changes_identity ON changes (identity_id);
