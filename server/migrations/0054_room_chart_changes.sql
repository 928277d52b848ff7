-- Which rooms each chart version changed (server/src/room-stock/chart-cache.ts): a server keeping a property's room
-- status chart at version V patches only the rooms changed since V instead of building all of them again (a
-- 2,000-room chart costs the database tens of milliseconds; one room's tile, well under one).
--
-- The same deferred triggers as migration 0024 write it, at commit and in the transaction that raises the version,
-- so a snapshot sees a version and its rooms together. A change that is no room's alone (a building, a floor, a room
-- type, a room added, removed, renamed or moved, the business date, the property's configuration, a TRUNCATE) moves
-- `logged_from` past the new version: a chart kept at an older version is then built afresh. Only the last versions'
-- rooms are kept (the oldest are deleted as new ones come); `logged_from` says from which version on the log is whole.

ALTER TABLE pms_room_chart_version ADD COLUMN logged_from bigint;
UPDATE pms_room_chart_version SET logged_from = version + 1;
ALTER TABLE pms_room_chart_version ALTER COLUMN logged_from SET NOT NULL;

CREATE TABLE pms_room_chart_change (
  property_id bigint NOT NULL,
  version bigint NOT NULL,
  room_id bigint NOT NULL,
  PRIMARY KEY (property_id, version, room_id)
);

CREATE OR REPLACE FUNCTION pms_room_chart_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  pid bigint := COALESCE(new_row, old_row)->>'property_id';
  whole text := COALESCE(current_setting('pms.room_chart_whole', true), '');
  rooms bigint[];
BEGIN
  -- A row moved to another property changes both charts whole.
  IF TG_OP = 'UPDATE' AND old_row->>'property_id' IS DISTINCT FROM new_row->>'property_id' THEN
    PERFORM pms_room_chart_raise((old_row->>'property_id')::bigint, NULL);
    PERFORM pms_room_chart_raise(pid, NULL);
    RETURN NULL;
  END IF;
  -- Nothing more to record once the transaction changed the property's chart whole.
  IF position(',' || pid || ',' IN whole) > 0 THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'pms_room' THEN
    -- A room's own states change its tile; its number, place or type move it in the chart (or in a filter's).
    IF TG_OP = 'UPDATE' AND (old_row->'room_no', old_row->'building_id', old_row->'floor_id', old_row->'room_type_id')
        IS NOT DISTINCT FROM (new_row->'room_no', new_row->'building_id', new_row->'floor_id', new_row->'room_type_id') THEN
      rooms := ARRAY[(new_row->>'room_id')::bigint];
    END IF;
  ELSIF TG_TABLE_NAME = 'pms_order_room' THEN
    rooms := ARRAY[(old_row->>'room_id')::bigint, (new_row->>'room_id')::bigint];
  ELSIF TG_TABLE_NAME = 'pms_order_guest' THEN
    rooms := ARRAY(SELECT s.room_id FROM pms_order_room s WHERE s.order_room_id IN
      ((old_row->>'order_room_id')::bigint, (new_row->>'order_room_id')::bigint));
  ELSIF TG_TABLE_NAME IN ('pms_order', 'pms_folio_entry') THEN
    rooms := ARRAY(SELECT s.room_id FROM pms_order_room s WHERE s.order_id IN
      ((old_row->>'order_id')::bigint, (new_row->>'order_id')::bigint));
  END IF;
  -- No rooms named (a building, a floor, a type, the business date, the configuration): the chart whole.
  PERFORM pms_room_chart_raise(pid, rooms);
  RETURN NULL;
END $$;

-- Raises the property's version once per transaction and records `rooms` under it; NULL rooms: the chart whole.
CREATE FUNCTION pms_room_chart_raise(pid bigint, rooms bigint[]) RETURNS void LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE FUNCTION pms_room_chart_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pms_room_chart_version SET version = version + 1, logged_from = version + 2;
  DELETE FROM pms_room_chart_change;
  RETURN NULL;
END $$;
