-- Every desk's chart live (server/src/room-stock/chart-channel.ts): raising a property's room status chart version
-- also notifies channel `pms_room_chart` with the property's id. NOTIFY is delivered at commit and only then (a rolled
-- back change tells nobody), once per transaction and property, whatever wrote the change (an order action, a payment,
-- a room state, the night audit, a change made by hand in SQL). Each server instance listening relays it to the
-- consoles on the live channel. The function is migration 0054's with the one PERFORM added.
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
    IF v - 64 >= kept THEN
      DELETE FROM pms_room_chart_change WHERE property_id = pid AND version <= v - 64;
      UPDATE pms_room_chart_version SET logged_from = v - 63 WHERE property_id = pid;
    END IF;
    PERFORM pg_notify('pms_room_chart', pid::text);
  END IF;
  IF rooms IS NULL THEN
    PERFORM set_config('pms.room_chart_whole',
      COALESCE(NULLIF(current_setting('pms.room_chart_whole', true), ''), ',') || pid || ',', true);
    UPDATE pms_room_chart_version SET logged_from = v + 1 WHERE property_id = pid;
    DELETE FROM pms_room_chart_change WHERE property_id = pid;
  ELSE
    INSERT INTO pms_room_chart_change (property_id, version, room_id)
      SELECT pid, v, r FROM unnest(rooms) r WHERE r IS NOT NULL
      ON CONFLICT DO NOTHING;
  END IF;
END $$;
