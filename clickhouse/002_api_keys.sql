-- API keys: only a SHA-256 hash of the key is stored. Revocation re-inserts the row with a higher version.
CREATE TABLE IF NOT EXISTS api_keys
(
    id               String,
    organization_id  String,
    key_hash         String,
    key_prefix       String,
    name             String DEFAULT '',
    created_at       DateTime64(3, 'UTC'),
    revoked_at       Nullable(DateTime64(3, 'UTC')),
    version          UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY id;
