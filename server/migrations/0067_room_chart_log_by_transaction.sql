-- The room chart's change log keyed by the transaction that wrote it: no row every chart-changing transaction of a
-- property updates, and no NOTIFY (server/src/room-stock/chart-cache.ts and chart-channel.ts; replaces the version
-- row of migrations 0024, 0054 and 0065 and the notification of 0057).
--
-- Measured under the front-desk bench with twenty clients on PostgreSQL (server/src/db/README.md, "What a server
-- keeps of the chart"): the version row's upsert waited 2.0 ms on average at every chart-changing commit
-- (pg_stat_statements), behind the commit before it — the row stays locked from the deferred trigger to the end of
-- the commit, flush to disk included — and NOTIFY takes one lock for the whole cluster at every notifying commit, held
-- as long. Every reservation, check-in, check-out and clean of a property passed through both one at a time.
--
-- Now each change is a row of `pms_room_chart_change` carrying its transaction's id (`pg_current_xact_id()`): the
-- room it changed, or no room (NULL) for a change to the chart whole — a building, a floor, a room type, a room added,
-- removed, renumbered or moved, the business date, the configuration, a TRUNCATE. Rows are only ever inserted, by the
-- same deferred triggers at commit, once per room, property and transaction (the transaction notes what it logged in
-- the setting `pms.room_chart_<property>`, local to it: ',<room>,<room>,', or '*' once it logged the chart whole).
--
-- A reader keeps, with what it built, the snapshot it built it on (`pg_current_snapshot()`, read by the same
-- statement): the changes since are the rows committed since, those whose transaction that snapshot does not see
-- (`pg_visible_in_snapshot`), found from the snapshot's xmin up in the (property_id, xid) index. A transaction that
-- commits late under an old id is still found: its id is not visible in any snapshot taken before it committed.
--
-- Old rows are pruned by the servers (chart-channel.ts), never by a writer: `pms_room_chart_pruned.below` says below
-- which transaction id rows may be gone, so a snapshot whose xmin is older cannot be patched and builds whole.
DROP TABLE pms_room_chart_change;
DROP TABLE pms_room_chart_version;

CREATE TABLE pms_room_chart_change (
  property_id bigint NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  -- NULL: the chart whole.
  room_id bigint
);
CREATE INDEX pms_room_chart_change_property_idx ON pms_room_chart_change (property_id, xid);
CREATE INDEX pms_room_chart_change_xid_idx ON pms_room_chart_change (xid);

CREATE TABLE pms_room_chart_pruned (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  below xid8 NOT NULL
);
-- Every chart kept before this migration is older than the log: built whole on its next ask.
INSERT INTO pms_room_chart_pruned (below) VALUES (pg_current_xact_id());

-- Logs `rooms` (NULL: the chart whole) for the property, each room once per transaction; answers how many rows it
-- wrote. Called by the triggers in an assignment, which PL/pgSQL evaluates without starting the executor.
CREATE FUNCTION pms_room_chart_log(pid bigint, rooms bigint[]) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  noted_name text := 'pms.room_chart_' || pid;
  noted text := COALESCE(NULLIF(current_setting(noted_name, true), ''), ',');
  fresh bigint[] := '{}';
  r bigint;
  ignored text;
BEGIN
  IF noted = '*' THEN
    RETURN 0;
  END IF;
  IF rooms IS NULL THEN
    INSERT INTO pms_room_chart_change (property_id, room_id) VALUES (pid, NULL);
    ignored := set_config(noted_name, '*', true);
    RETURN 1;
  END IF;
  FOREACH r IN ARRAY rooms LOOP
    IF r IS NOT NULL AND position(',' || r || ',' IN noted) = 0 THEN
      fresh := fresh || r;
      noted := noted || r || ',';
    END IF;
  END LOOP;
  IF cardinality(fresh) > 0 THEN
    INSERT INTO pms_room_chart_change (property_id, room_id) SELECT pid, f FROM unnest(fresh) f;
    ignored := set_config(noted_name, noted, true);
  END IF;
  RETURN cardinality(fresh);
END $$;

CREATE OR REPLACE FUNCTION pms_room_chart_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- OLD is null on INSERT, NEW on DELETE; every table these triggers watch has property_id.
  pid bigint := COALESCE(NEW.property_id, OLD.property_id);
  old_id bigint;
  new_id bigint;
  rooms bigint[];
  n int;
BEGIN
  -- A row moved to another property changes both charts whole.
  IF TG_OP = 'UPDATE' AND OLD.property_id IS DISTINCT FROM NEW.property_id THEN
    n := pms_room_chart_log(OLD.property_id, NULL);
    n := pms_room_chart_log(pid, NULL);
    RETURN NULL;
  END IF;
  -- Nothing more to log once the transaction logged the property's chart whole.
  IF current_setting('pms.room_chart_' || pid, true) = '*' THEN
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
    -- An order's insert queues no event (migration 0064): its stays log their rooms.
    old_id := OLD.order_id;
    new_id := NEW.order_id;
    rooms := ARRAY(SELECT s.room_id FROM pms_order_room s WHERE s.order_id IN (old_id, new_id));
  END IF;
  -- No rooms named (a building, a floor, a type, the business date, the configuration): the chart whole.
  n := pms_room_chart_log(pid, rooms);
  RETURN NULL;
END $$;

-- TRUNCATE fires no row trigger: every property's chart changes whole.
CREATE OR REPLACE FUNCTION pms_room_chart_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pms_room_chart_change (property_id, room_id) SELECT property_id, NULL FROM pms_property;
  RETURN NULL;
END $$;

DROP FUNCTION pms_room_chart_raise(bigint, bigint[]);
