-- One tag per session, scoped by organisation (the `session_tag` filter key). Setting a tag re-inserts the row with a
-- higher version; removing it inserts a row with is_deleted = 1, which FINAL drops.
CREATE TABLE IF NOT EXISTS session_tags
(
    organization_id  LowCardinality(String),
    session_id       String,
    tag              String,
    version          UInt64,
    is_deleted       UInt8 DEFAULT 0,
    updated_at       DateTime64(3, 'UTC') DEFAULT now64(3)
)
ENGINE = ReplacingMergeTree(version, is_deleted)
ORDER BY (organization_id, session_id);
