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
--   1. A first look, on a fresh snapshot, at the floating stays that are cheap to find: stays with no room (an index of
--      their own) and stays on the type's rooms that are locked or under maintenance (few). Finding one, go to 3.
--   2. Take the nights' locks SHARED (waiting only for a claim holding them exclusively) and look for every floating
--      stay on a snapshot taken after that: finding none, the claims are within the rule: done, with no count. Shared
--      holders run side by side.
--   3. Else take the locks EXCLUSIVELY (waiting for every shared and exclusive holder to end, and seeing their stays)
--      and count as migration 0068 did.
-- A floating stay is only ever written by a claim that goes to 3 (its own stays float; 1 finds them), so while a claim
-- holds the locks shared, no floating stay of its type and days can be committed: 2's reading holds until its COMMIT.
-- A claim that finds one in 2 and not in 1 (committed in between, or on a room of another type, which 1 does not look
-- for) asks for the locks exclusively while holding them shared; two such claims on one night at once wait for each
-- other, and PostgreSQL ends one of them (deadlock, SQLSTATE 40P01: the desk's "changed at the same time, try again",
-- http/error-handler.ts). That takes a stay on a room of another type (a room whose type was changed under its
-- bookings) or a floating stay committed between two readings microseconds apart; 1 keeps a property that books by
-- type (stays with no room every night) or has rooms closed under bookings on the exclusive path from the start.
--
-- The cost: 2 reads every stay of the type over the claim (as the count does) and the room of each by its key.
-- `npm run bench -- front-desk` (PostgreSQL × 20, types of 9 to 35 rooms): the call's mean time 1.0-1.5 ms before (its
-- wait), 0.2 ms now. `npm run bench -- type-nights` (500 beds, every bed taken, nothing floating; 2026-12-07,
-- PostgreSQL): bookings 1.3 ms for a night and 4.2 ms for a week (0063's count 1.3 and 4.3), walk-ins 2.5 and 4.9 ms.
--
-- The embedded PGlite sends no locks (one transaction at a time): there the steps take none, and decide the same way.
--
-- Tested: test/api/type-nights-count.test.ts (random stays with and without rooms, every claim against migration
-- 0063's count; each kind of floating stay), test/api/type-nights-locks.test.ts (on PostgreSQL: who waits for whom).
CREATE INDEX pms_order_room_roomless_idx ON pms_order_room USING gist (room_type_id, stay)
  WHERE room_id IS NULL AND state IN ('booking', 'checkIn');

-- 1: a floating stay without a room, or on a room of the type that is locked or under maintenance.
CREATE OR REPLACE FUNCTION pms_type_nights_closed(
  type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint
) RETURNS boolean
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM unnest(type_ids, starts, ends) AS c(type_id, s, e)
    WHERE EXISTS (
      SELECT 1 FROM pms_order_room o
      WHERE o.room_type_id = c.type_id AND o.room_id IS NULL AND o.state IN ('booking', 'checkIn')
        AND o.stay && tstzrange(c.s, c.e, '[)')
    ) OR EXISTS (
      SELECT 1 FROM pms_room r
      JOIN pms_order_room o ON o.room_id = r.room_id AND o.room_type_id = c.type_id
        AND o.state IN ('booking', 'checkIn') AND o.stay && tstzrange(c.s, c.e, '[)')
      WHERE r.room_type_id = c.type_id AND r.property_id = pid AND (r.locked OR r.maintain)
    )
  );
END $$;

-- 2: any floating stay.
CREATE OR REPLACE FUNCTION pms_type_nights_floating(
  type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint
) RETURNS boolean
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  -- Claim by claim (LATERAL), and each stay's room by its key (a scalar subquery): as joins, the generic plan read
  -- every stay of the property into a hash, or every room of the type once for each stay.
  RETURN EXISTS (
    SELECT 1 FROM unnest(type_ids, starts, ends) AS c(type_id, s, e)
    CROSS JOIN LATERAL (
      SELECT 1 FROM pms_order_room o
      WHERE o.room_type_id = c.type_id AND o.state IN ('booking', 'checkIn') AND o.stay && tstzrange(c.s, c.e, '[)')
        AND NOT coalesce((
          SELECT r.room_type_id = c.type_id AND r.property_id = pid AND NOT r.locked AND NOT r.maintain
          FROM pms_room r WHERE r.room_id = o.room_id
        ), false)
      LIMIT 1
    ) f
  );
END $$;

-- 3 is migration 0068's function, which takes the locks exclusively and counts, kept under a name of its own.
ALTER FUNCTION pms_type_nights_require(bigint[], bigint[], timestamptz[], timestamptz[], bigint, int)
  RENAME TO pms_type_nights_count;

CREATE FUNCTION pms_type_nights_require(
  lock_keys bigint[], type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint, overbook int
) RETURNS void
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  IF overbook >= 0 AND NOT pms_type_nights_closed(type_ids, starts, ends, pid) THEN
    PERFORM pg_advisory_xact_lock_shared(k) FROM unnest(lock_keys) AS k;
    IF NOT pms_type_nights_floating(type_ids, starts, ends, pid) THEN
      RETURN;
    END IF;
  END IF;
  PERFORM pms_type_nights_count(lock_keys, type_ids, starts, ends, pid, overbook);
END $$;
