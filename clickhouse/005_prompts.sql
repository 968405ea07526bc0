-- Prompts (spec 4.6, 4.7, 4.10). Small tables; every read is scoped by organization_id, the first sort key.
-- A prompt row is re-inserted with a higher `version` when its production pointer, tags or deletion change;
-- ReplacingMergeTree keeps the newest and reads use FINAL. Writes that read-modify-write hold a per-prompt lock.
CREATE TABLE IF NOT EXISTS prompts
(
    organization_id        LowCardinality(String),
    id                     String,
    name                   String,
    tags                   Array(String),
    production_version_id  String,
    created_at             DateTime64(3, 'UTC'),
    updated_at             DateTime64(3, 'UTC'),
    deleted                Bool DEFAULT false,
    version                UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (organization_id, id);

-- Prompt versions are immutable once written; `version` is there so a retried insert of the same row collapses.
CREATE TABLE IF NOT EXISTS prompt_versions
(
    organization_id  LowCardinality(String),
    prompt_id        String,
    id               String,
    major_version    UInt32,
    minor_version    UInt32,
    model            String,
    commit_message   String,
    -- The chat-completion request body, as JSON text.
    prompt_body      String,
    created_at       DateTime64(3, 'UTC'),
    version          UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (organization_id, prompt_id, id);
