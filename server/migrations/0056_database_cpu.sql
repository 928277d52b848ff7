-- The database's own cost of the desk's requests, cut where it was spent (measured with `perf` on PostgreSQL's processes
-- under the front-desk bench, server/src/db/README.md "The database's CPU"): the room status chart's deferred
-- triggers (migrations 0024, 0054) were a quarter of PostgreSQL's CPU, the room-type nights function (0055) a fifth;
-- the nights' count also read every stay its type ever had (3, at the end).
--
-- 1. The chart triggers read the changed row's fields directly instead of converting OLD and NEW to jsonb, and look an
--    order's or guest's rooms up by ids held in variables: the ids read out of jsonb inside the WHERE clause were
--    evaluated for every row the planner chose to scan (a bitmap or sequential scan of pms_order_room at each
--    order or folio change). Two scalar ids rather than an array: a cached generic plan estimates `= ANY (array)` as
--    ten values and chose a sequential scan of pms_order_room while its statistics lagged its growth (one scan of
--    the whole table per reservation under the bench); `IN (a, b)` is planned as the index lookup it is. What is
--    recorded is unchanged: the same rooms under the same versions. A new order looks nothing up: its rooms are its
--    stays', which their own inserts record (a stay references its order, so none exists before the order's insert).
-- 2. The nights function is PL/pgSQL: PostgreSQL parsed, analysed and planned a LANGUAGE sql function's statements
--    again at every call (plans are not kept across calls); PL/pgSQL keeps them per connection. It stays VOLATILE, so
--    each of its statements still takes a fresh snapshot: the count sees every stay committed by a transaction that
--    held one of the locks before they were granted here.

CREATE OR REPLACE FUNCTION pms_room_chart_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- OLD is null on INSERT, NEW on DELETE; every table these triggers watch has property_id.
  pid bigint := COALESCE(NEW.property_id, OLD.property_id);
  whole text := COALESCE(current_setting('pms.room_chart_whole', true), '');
  old_id bigint;
  new_id bigint;
  rooms bigint[];
BEGIN
  -- A row moved to another property changes both charts whole.
  IF TG_OP = 'UPDATE' AND OLD.property_id IS DISTINCT FROM NEW.property_id THEN
    PERFORM pms_room_chart_raise(OLD.property_id, NULL);
    PERFORM pms_room_chart_raise(pid, NULL);
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
  ELSIF TG_TABLE_NAME = 'pms_order' AND TG_OP = 'INSERT' THEN
    -- A new order's rooms are recorded by their own stays' inserts (an order has no stay before its own insert).
    rooms := '{}';
  ELSIF TG_TABLE_NAME IN ('pms_order', 'pms_folio_entry') THEN
    old_id := OLD.order_id;
    new_id := NEW.order_id;
    rooms := ARRAY(SELECT s.room_id FROM pms_order_room s WHERE s.order_id IN (old_id, new_id));
  END IF;
  -- No rooms named (a building, a floor, a type, the business date, the configuration): the chart whole.
  PERFORM pms_room_chart_raise(pid, rooms);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION pms_type_nights_over(
  lock_keys bigint[], type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint, overbook int
) RETURNS TABLE (full_at timestamptz, stays_held int, rooms_for_sale int, type_name text)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  PERFORM pg_advisory_xact_lock(k) FROM unnest(lock_keys) AS k;
  -- RETURN QUERY takes the result types as declared (a SQL function cast them): the type's name is varchar.
  RETURN QUERY
  SELECT p.at, p.held, p.for_sale, p.type_name::text
  FROM unnest(type_ids, starts, ends) AS c(type_id, s, e)
  CROSS JOIN LATERAL (
    WITH held AS (
      SELECT o.stay FROM pms_order_room o
      WHERE o.room_type_id = c.type_id AND o.state IN ('booking', 'checkIn') AND o.stay && tstzrange(c.s, c.e, '[)')
    ), moments AS (
      SELECT c.s AS at UNION SELECT lower(h.stay) FROM held h WHERE lower(h.stay) > c.s
    )
    SELECT m.at, (SELECT count(*) FROM held h WHERE h.stay @> m.at)::int AS held,
      (SELECT count(*) FROM pms_room r WHERE r.room_type_id = c.type_id AND r.property_id = pid
        AND NOT r.locked AND NOT r.maintain)::int AS for_sale,
      (SELECT t.type_name FROM pms_room_type t WHERE t.room_type_id = c.type_id) AS type_name
    FROM moments m ORDER BY held DESC, m.at LIMIT 1
  ) p
  WHERE p.held > p.for_sale + overbook
  LIMIT 1;
END $$;

-- 3. The stays a room type holds over a span (the nights function's count, availability) through an index of their
--    own: the exclusion constraint's index is by room then stay, so a type's count read every active stay over the
--    span and intersected it with every stay the type ever had (a year of history: 6,000 entries, 1.4 ms; with this
--    index 0.08 ms). Active stays only, as the count reads.
CREATE INDEX pms_order_room_type_stay_idx ON pms_order_room USING gist (room_type_id, stay)
  WHERE state IN ('booking', 'checkIn');
