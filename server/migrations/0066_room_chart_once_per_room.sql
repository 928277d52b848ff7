-- The room chart's change log written once per room and transaction, and its deferred triggers' calls made without
-- the executor where they can be (migrations 0024, 0054, 0056, 0065).
--
-- Measured under the front-desk bench with one client (server/src/db/README.md, "The database's CPU", session 21): the
-- chart's triggers were a fifth of PostgreSQL's CPU a check-in cycle (7.4 and 8.1 ms a cycle with them, 5.8 and 6.3
-- with the raise function emptied), and `perf` put 13 % of its samples under their deferred firing with twenty
-- clients. A check-out changes one room's tile three ways (the room charge posted, the stay checked out, the room
-- dirty and empty): three events at commit, each of which ran the raise function as a query, read the version again
-- and inserted the same room into the log, which the log's key then refused.
--
-- Now the transaction notes, per property, the version it raised and the rooms it logged (the setting
-- `pms.room_chart_<property>`, local to the transaction: '<version>|,<room>,<room>,'). The first event raises the
-- version, prunes and notifies as before; each later one takes the version from the note and logs only the rooms not
-- noted yet, or nothing. The triggers call the raise function in an assignment, which PL/pgSQL evaluates without
-- starting the executor for a query (PERFORM plans and runs one). What is recorded is unchanged: one raise a
-- transaction, the same rooms under the same version (chart-cache.test.ts).
DROP FUNCTION pms_room_chart_raise(bigint, bigint[]);

CREATE FUNCTION pms_room_chart_raise(pid bigint, rooms bigint[]) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  noted_name text := 'pms.room_chart_' || pid;
  noted text := COALESCE(current_setting(noted_name, true), '');
  v bigint;
  kept bigint;
  fresh bigint[] := '{}';
  r bigint;
  ignored text;
BEGIN
  IF noted = '' THEN
    INSERT INTO pms_room_chart_version AS cv (property_id, version, logged_from) VALUES (pid, 1, 1)
      ON CONFLICT (property_id) DO UPDATE SET version = cv.version + 1
      RETURNING version, logged_from INTO v, kept;
    -- The last 64 versions' rooms are enough for a server asked at least once in 64 changes; older ones rebuild.
    -- Pruned once the log holds more than 128 versions, down to the last 64, in one delete from where the log starts.
    IF v - 128 >= kept THEN
      DELETE FROM pms_room_chart_change WHERE property_id = pid AND version >= kept AND version <= v - 64;
      UPDATE pms_room_chart_version SET logged_from = v - 63 WHERE property_id = pid;
    END IF;
    PERFORM pg_notify('pms_room_chart', pid::text);
    noted := v || '|,';
  ELSE
    v := split_part(noted, '|', 1)::bigint;
  END IF;
  IF rooms IS NULL THEN
    ignored := set_config('pms.room_chart_whole',
      COALESCE(NULLIF(current_setting('pms.room_chart_whole', true), ''), ',') || pid || ',', true);
    DELETE FROM pms_room_chart_change WHERE property_id = pid
      AND version >= (SELECT logged_from FROM pms_room_chart_version WHERE property_id = pid);
    UPDATE pms_room_chart_version SET logged_from = v + 1 WHERE property_id = pid;
  ELSE
    FOREACH r IN ARRAY rooms LOOP
      IF r IS NOT NULL AND position(',' || r || ',' IN noted) = 0 THEN
        fresh := fresh || r;
        noted := noted || r || ',';
      END IF;
    END LOOP;
    IF cardinality(fresh) > 0 THEN
      INSERT INTO pms_room_chart_change (property_id, version, room_id)
        SELECT pid, v, f FROM unnest(fresh) f
        ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  ignored := set_config(noted_name, noted, true);
  RETURN v;
END $$;

CREATE OR REPLACE FUNCTION pms_room_chart_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- OLD is null on INSERT, NEW on DELETE; every table these triggers watch has property_id.
  pid bigint := COALESCE(NEW.property_id, OLD.property_id);
  whole text := COALESCE(current_setting('pms.room_chart_whole', true), '');
  old_id bigint;
  new_id bigint;
  rooms bigint[];
  v bigint;
BEGIN
  -- A row moved to another property changes both charts whole.
  IF TG_OP = 'UPDATE' AND OLD.property_id IS DISTINCT FROM NEW.property_id THEN
    v := pms_room_chart_raise(OLD.property_id, NULL);
    v := pms_room_chart_raise(pid, NULL);
    RETURN NULL;
  END IF;
  -- Nothing more to record once the transaction changed the property's chart whole.
  IF position(',' || pid || ',' IN whole) > 0 THEN
    RETURN NULL;
  END IF;
  -- Each table's fields are read only in its own branch (PL/pgSQL resolves a record's field when it runs it).
  IF TG_TABLE_NAME = 'pms_room' THEN
    -- A room's own states change its tile; its number, place or type move it in the chart (or in a filter's).
    IF TG_OP = 'UPDATE' AND (OLD.room_no, OLD.building_id, OLD.floor_id, OLD.room_type_id)
        IS NOT DISTINCT FROM (NEW.room_no, NEW.building_id, NEW.floor_id, NEW.room_type_id) THEN
      rooms := ARRAY[NEW.room_id];
    END IF;
  ELSIF TG_TABLE_NAME = 'pms_order_room' THEN
    rooms := ARRAY[OLD.room_id, NEW.room_id];
  ELSIF TG_TABLE_NAME = 'pms_order_guest' THEN
    old_id := OLD.order_room_id;
    new_id := NEW.order_room_id;
    rooms := ARRAY(SELECT s.room_id FROM pms_order_room s WHERE s.order_room_id IN (old_id, new_id));
  ELSIF TG_TABLE_NAME IN ('pms_order', 'pms_folio_entry') THEN
    -- An order's insert queues no event (migration 0064): its stays record their rooms.
    old_id := OLD.order_id;
    new_id := NEW.order_id;
    rooms := ARRAY(SELECT s.room_id FROM pms_order_room s WHERE s.order_id IN (old_id, new_id));
  END IF;
  -- No rooms named (a building, a floor, a type, the business date, the configuration): the chart whole.
  v := pms_room_chart_raise(pid, rooms);
  RETURN NULL;
END $$;
