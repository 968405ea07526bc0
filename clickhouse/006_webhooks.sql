-- Webhooks (spec 4.11, section 6). Deletion re-inserts the row with deleted = true and a higher `version`.
-- The signing secret is stored as given out: the server needs it to sign every delivery.
CREATE TABLE IF NOT EXISTS webhooks
(
    organization_id  LowCardinality(String),
    id               String,
    destination      String,
    -- The validated config object, as JSON text.
    config           String,
    include_data     Bool,
    secret           String,
    created_at       DateTime64(3, 'UTC'),
    deleted          Bool DEFAULT false,
    version          UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (organization_id, id);

-- One row per delivery attempt (append-only), kept 30 days.
CREATE TABLE IF NOT EXISTS webhook_deliveries
(
    organization_id  LowCardinality(String),
    webhook_id       String,
    event_id         String,
    event_type       LowCardinality(String),
    request_id       String,
    attempt          UInt16,
    -- delivered | retrying | failed | dropped
    status           LowCardinality(String),
    -- 0 when no HTTP response came back (network error, timeout).
    http_status      UInt16,
    error            String,
    duration_ms      UInt32,
    attempted_at     DateTime64(3, 'UTC')
)
ENGINE = MergeTree
ORDER BY (organization_id, webhook_id, attempted_at)
TTL toDateTime(attempted_at) + INTERVAL 30 DAY;
