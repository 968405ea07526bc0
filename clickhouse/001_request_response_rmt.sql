-- One row per logged request (spec 2.4). Updates (properties, scores) re-insert the whole row with a higher
-- `version`; ReplacingMergeTree keeps the newest, and reads dedupe with FINAL.
-- Sort key: organisation first (tenant pruning), then time (time-window pruning), then id (dedup key).
CREATE TABLE IF NOT EXISTS request_response_rmt
(
    organization_id            LowCardinality(String),
    request_id                 String,
    request_created_at         DateTime64(3, 'UTC'),
    version                    UInt64,

    request_path               String DEFAULT '',
    request_user_id            String DEFAULT '',
    request_model              LowCardinality(String) DEFAULT '',
    model_override             String DEFAULT '',
    request_body               String DEFAULT '',
    request_referrer           String DEFAULT '',
    target_url                 String DEFAULT '',
    country_code               LowCardinality(String) DEFAULT '',

    response_id                String DEFAULT '',
    response_created_at        DateTime64(3, 'UTC') DEFAULT request_created_at,
    response_model             LowCardinality(String) DEFAULT '',
    response_status            Int32 DEFAULT 0,
    response_body              String DEFAULT '',

    provider                   LowCardinality(String) DEFAULT '',
    model                      LowCardinality(String) DEFAULT '',
    delay_ms                   Int64 DEFAULT 0,
    time_to_first_token        Int64 DEFAULT 0,

    total_tokens               Int64 DEFAULT 0,
    prompt_tokens              Int64 DEFAULT 0,
    prompt_cache_write_tokens  Int64 DEFAULT 0,
    prompt_cache_read_tokens   Int64 DEFAULT 0,
    completion_tokens          Int64 DEFAULT 0,
    prompt_audio_tokens        Int64 DEFAULT 0,
    completion_audio_tokens    Int64 DEFAULT 0,
    reasoning_tokens           Int64 DEFAULT 0,

    -- Exact cost: integer nano-USD (1e-9 USD). Exposed as USD (`cost`, `costUSD`) by the API.
    cost_nano_usd              Int64 DEFAULT 0,

    properties                 Map(LowCardinality(String), String),
    scores                     Map(LowCardinality(String), Float64),
    asset_urls                 Map(String, String),
    asset_ids                  Array(String),

    prompt_id                  String DEFAULT '',
    prompt_version             String DEFAULT '',
    cache_reference_id         String DEFAULT '',
    cache_enabled              Bool DEFAULT false,
    cached                     Bool DEFAULT false,
    threat                     Bool DEFAULT false,
    node_id                    String DEFAULT '',
    job_id                     String DEFAULT '',
    ai_gateway_body_mapping    LowCardinality(String) DEFAULT '',

    billing_present            Bool DEFAULT false,
    is_passthrough_billing     Bool DEFAULT false,
    billing_source             String DEFAULT '',
    billing_status             String DEFAULT '',
    customer_charge_usd        String DEFAULT '',

    feedback_rating            Nullable(Bool),
    feedback_created_at        String DEFAULT '',
    feedback_id                String DEFAULT '',
    signed_body_url            String DEFAULT '',
    storage_location           String DEFAULT '',
    updated_at                 DateTime64(3, 'UTC') DEFAULT now64(3),

    generation_id              String DEFAULT '',
    generation_cost            String DEFAULT '',
    generation_status          LowCardinality(String) DEFAULT '',
    generation_output_count    Int32 DEFAULT 0,
    generation_outputs         String DEFAULT '[]',
    generation_error_message   String DEFAULT '',
    generation_error_code      String DEFAULT '',

    -- Sessions are derived from reserved properties; materialised so analytics group on a plain column.
    session_id                 String MATERIALIZED properties['Core-Session-Id'],
    session_name               String MATERIALIZED properties['Core-Session-Name'],

    INDEX idx_request_id request_id TYPE bloom_filter(0.001) GRANULARITY 4
)
ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(request_created_at)
ORDER BY (organization_id, request_created_at, request_id);

-- Point lookups (GET /v1/request/{id}) find the row's time here first, then read the main table by its full
-- sort key, so they never scan an organisation's history.
CREATE TABLE IF NOT EXISTS request_lookup
(
    organization_id     LowCardinality(String),
    request_id          String,
    request_created_at  DateTime64(3, 'UTC')
)
ENGINE = ReplacingMergeTree
ORDER BY (organization_id, request_id);
