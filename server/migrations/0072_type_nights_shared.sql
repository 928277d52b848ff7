-- Room-type nights: stays on rooms of their own type that are for sale no longer wait for each other
-- (server/src/orders/inventory.ts; same rule and refusal as migration 0068, whose count this keeps).
--
-- Until now every claim took its nights' advisory locks exclusively, and held them to its COMMIT, the flush of the log
-- included: under 20 desks booking one type for one night, each reservation waited for the one before it to reach the
-- disk (on PostgreSQL × 20 of `npm run bench -- front-desk`, the count's mean time was 1.0-1.4 ms, its own work
-- 0.2 ms; the rest was that wait).
--
-- Why most claims need not wait. Call a held stay (booking, checked in) of a type "floating" when it is not on a room
-- of that type that is for sale: it has no room yet, or its room is locked, under maintenance or of another type. At
-- any instant, the stays on rooms of the type that are for sale are at most the rooms for sale: one room holds one
-- stay at a time (the exclusion constraint pms_order_room_no_double_booking, checked against uncommitted stays too).
-- So while no floating stay of the type touches a claim's range, the stays held at any instant of it are at most the
-- rooms for sale, within the rule whatever the allowance (a property's is 0 or more; the function counts a negative
-- one, which only its tests pass), and whichever other claims are running.
--
-- The call. A claim's stays are written before it (inventory.ts): a claim whose own stays float sees them here.
--   1. No floating stay touches any of the claims (read on a fresh snapshot): take the nights' locks SHARED, which
--      waits only for a claim holding them exclusively, and read again on a snapshot taken after that; still none,
--      the claims are within the rule: done, with no count. Shared holders run side by side.
--   2. Else take the locks EXCLUSIVELY (waiting for every shared and exclusive holder to end, and seeing their stays)
--      and count as migration 0068 did.
-- A floating stay is only ever written by a claim that goes to 2 (its own stays float), so while a claim holds the
-- locks shared, no floating stay of its type and days can be committed: the second reading is what holds until its
-- COMMIT. A claim that finds none, then one after taking the shared locks (one committed in between), asks for them
-- exclusively while holding them shared; two such claims on one night at once wait for each other, and PostgreSQL
-- ends one of them (deadlock, SQLSTATE 40P01: the desk's "changed at the same time, try again", error-handler.ts).
-- That takes a floating stay committed between two readings microseconds apart; the first reading keeps a property
-- that books by type (floating stays every night) on the exclusive path from the start.
--
-- The embedded PGlite sends no locks (one transaction at a time): 1's reading alone decides, then 2's count.
--
-- Tested: test/api/type-nights-count.test.ts (random stays with and without rooms, every claim against migration
-- 0063's count), test/api/type-nights-locks.test.ts (on PostgreSQL: who waits for whom).
CREATE OR REPLACE FUNCTION pms_type_nights_floating(
  type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint
) RETURNS boolean
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1
    FROM unnest(type_ids, starts, ends) AS c(type_id, s, e)
    JOIN pms_order_room o ON o.room_type_id = c.type_id AND o.state IN ('booking', 'checkIn')
      AND o.stay && tstzrange(c.s, c.e, '[)')
    WHERE NOT EXISTS (
      SELECT 1 FROM pms_room r
      WHERE r.room_id = o.room_id AND r.room_type_id = c.type_id AND r.property_id = pid
        AND NOT r.locked AND NOT r.maintain
    )
  );
END $$;

CREATE OR REPLACE FUNCTION pms_type_nights_require(
  lock_keys bigint[], type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint, overbook int
) RETURNS void
LANGUAGE plpgsql VOLATILE
-- Planned once per connection (migration 0068 says why).
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  over record;
BEGIN
  IF overbook >= 0 AND NOT pms_type_nights_floating(type_ids, starts, ends, pid) THEN
    IF cardinality(lock_keys) = 0 THEN
      RETURN;
    END IF;
    PERFORM pg_advisory_xact_lock_shared(k) FROM unnest(lock_keys) AS k;
    IF NOT pms_type_nights_floating(type_ids, starts, ends, pid) THEN
      RETURN;
    END IF;
  END IF;
  PERFORM pg_advisory_xact_lock(k) FROM unnest(lock_keys) AS k;
  SELECT p.at, p.held, f.for_sale, t.type_name::text AS type_name INTO over
  FROM unnest(type_ids, starts, ends) WITH ORDINALITY AS c(type_id, s, e, n)
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS for_sale FROM pms_room r
    WHERE r.room_type_id = c.type_id AND r.property_id = pid AND NOT r.locked AND NOT r.maintain
  ) f
  CROSS JOIN LATERAL (
    SELECT x.at, x.held FROM (
      SELECT ev.at, (sum(sum(ev.d)) OVER (ORDER BY ev.at))::int AS held
      FROM pms_order_room o
      CROSS JOIN LATERAL (VALUES (greatest(lower(o.stay), c.s), 1), (upper(o.stay), -1)) AS ev(at, d)
      WHERE o.room_type_id = c.type_id AND o.state IN ('booking', 'checkIn') AND o.stay && tstzrange(c.s, c.e, '[)')
      GROUP BY ev.at
    ) x
    WHERE x.at < c.e
    ORDER BY x.held DESC, x.at
    LIMIT 1
  ) p
  LEFT JOIN pms_room_type t ON t.room_type_id = c.type_id
  WHERE p.held > f.for_sale + overbook
  ORDER BY c.n
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'room type % is full at %', over.type_name, over.at USING ERRCODE = 'PO001',
      DETAIL = json_build_object('typeName', over.type_name, 'at', over.at, 'forSale', over.for_sale)::text;
  END IF;
END $$;
