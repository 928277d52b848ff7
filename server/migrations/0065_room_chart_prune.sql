-- The room chart's change log pruned 64 versions at a time, from where it starts (migrations 0054, 0057).
--
-- Each raise past the first 64 versions deleted the oldest version's rooms and moved `logged_from` on: a second update
-- of the property's version row and a delete in every transaction that changed the chart. The delete's range was open
-- below (`version <= v - 64`), so its index scan walked every entry deleted before and not yet vacuumed: under load
-- the log's dead entries grow by hundreds a second between autovacuum's visits. Measured on PostgreSQL with a loop of
-- room updates, each committed: a chart change cost 0.18 ms at first and 0.69 ms after 20,000 (0.085 ms just after a
-- VACUUM); with this function, 0.09–0.12 ms throughout 20,000 with 45,000 dead entries in the log.
--
-- Now the log keeps between 64 and 129 versions: past 128, all but the last 64 go in one delete bounded below by
-- `logged_from` (nothing is left below it), so a transaction prunes once in 64 and each delete reads only the entries
-- it removes. A change to the chart whole deletes the log from `logged_from` on, likewise. A server's kept chart is
-- still patched when it is at most 64 changes old (server/src/room-stock/chart-cache.ts reads `logged_from` as before);
-- one more than 128 changes old is always built whole.
CREATE OR REPLACE FUNCTION pms_room_chart_raise(pid bigint, rooms bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  raised text := COALESCE(current_setting('pms.room_chart_raised', true), '');
  v bigint;
  kept bigint;
BEGIN
  IF position(',' || pid || ',' IN raised) > 0 THEN
    SELECT version INTO v FROM pms_room_chart_version WHERE property_id = pid;
  ELSE
    PERFORM set_config('pms.room_chart_raised', COALESCE(NULLIF(raised, ''), ',') || pid || ',', true);
    INSERT INTO pms_room_chart_version AS cv (property_id, version, logged_from) VALUES (pid, 1, 1)
      ON CONFLICT (property_id) DO UPDATE SET version = cv.version + 1
      RETURNING version, logged_from INTO v, kept;
    -- The last 64 versions' rooms are enough for a server asked at least once in 64 changes; older ones rebuild.
    -- Pruned once the log holds more than 128 versions, down to the last 64, in one delete starting where the log starts.
    IF v - 128 >= kept THEN
      DELETE FROM pms_room_chart_change WHERE property_id = pid AND version >= kept AND version <= v - 64;
      UPDATE pms_room_chart_version SET logged_from = v - 63 WHERE property_id = pid;
    END IF;
    PERFORM pg_notify('pms_room_chart', pid::text);
  END IF;
  IF rooms IS NULL THEN
    PERFORM set_config('pms.room_chart_whole',
      COALESCE(NULLIF(current_setting('pms.room_chart_whole', true), ''), ',') || pid || ',', true);
    DELETE FROM pms_room_chart_change WHERE property_id = pid
      AND version >= (SELECT logged_from FROM pms_room_chart_version WHERE property_id = pid);
    UPDATE pms_room_chart_version SET logged_from = v + 1 WHERE property_id = pid;
  ELSE
    INSERT INTO pms_room_chart_change (property_id, version, room_id)
      SELECT pid, v, r FROM unnest(rooms) r WHERE r IS NOT NULL
      ON CONFLICT DO NOTHING;
  END IF;
END $$;
