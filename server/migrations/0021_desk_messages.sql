-- The desk without friction (issue 16): a push record keeps what it says as language-pack keys and parameters, so
-- each reader sees it in its own language; record_title/record_body keep a default-language text for other readers.
ALTER TABLE pms_push_record ADD COLUMN title jsonb;
ALTER TABLE pms_push_record ADD COLUMN body jsonb;
