-- Reports (issue 14), the forecast from the books: hourly orders are few, so the nights on the books leave them out
-- with an anti-join over this small partial index instead of reading every stay's order (npm run bench -- reports).
CREATE INDEX pms_order_hourly_idx ON pms_order (property_id, order_id) WHERE hourly;
