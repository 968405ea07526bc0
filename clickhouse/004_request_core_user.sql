-- core_user (spec 2.4): the id of the API key that logged the request, set by the server at ingestion.
ALTER TABLE request_response_rmt ADD COLUMN IF NOT EXISTS core_user String DEFAULT '';
