-- Room-type nights counted in one pass over the stays held (server/src/orders/inventory.ts; replaces the count of
-- migration 0063, same rule, same refusal).
--
-- The count of 0063 read, for every instant a claim's count can rise (its start and each start of a stay held after
-- it), every stay held to see which contain it, and the rooms for sale and the type's name again: m stays held times
-- the instants they begin at, run under the nights' advisory locks, so every other reservation of the type and those
-- days waited for it. Bookings begin at their arrival date's check-out time, a few instants; walk-ins, early arrivals
-- and hourly stays begin at their minute, an instant each. `npm run bench -- type-nights` (two types of 500
-- dormitory beds, every bed taken for two months; 2026-12-06, PostgreSQL and PGlite): of walk-ins, 0063 took 10.6 and
-- 20.4 ms for a night and 147 and 258 ms for a week, this count 1.5 and 3.0 ms, 3.7 and 6.4 ms; of bookings, both
-- 0.9-5 ms (this count 0.89 to 1.08 times 0063's time): a cost that grows with the stays held, not with their square.
--
-- Now each held stay is two events on the claim's time line: +1 at its start (the claim's start for a stay that began
-- before it) and −1 at its end. Events of one instant are summed first, so a stay ending when another begins is not
-- counted with it (stays are '[)' ranges, migration 0007); the running sum at an instant is then the number of stays
-- that contain it, which is what 0063 counted. The busiest instant before the claim's end (the earliest of equals) is
-- the one 0063 chose: the count only rises at the instants it read. The rooms for sale and the type's name are read
-- once per claim. A claim with no stay held has no instant and is never over (its count, 0, cannot exceed the rooms for
-- sale plus an allowance that is never negative). Claims are answered in the order given, the first over raising.
--
-- Tested against 0063's count on random stays (test/api/type-nights-count.test.ts); measured by
-- `npm run bench -- type-nights`.
CREATE OR REPLACE FUNCTION pms_type_nights_require(
  lock_keys bigint[], type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint, overbook int
) RETURNS void
LANGUAGE plpgsql VOLATILE
-- Its count is planned once per connection: left to choose, PostgreSQL planned it afresh at every call (its generic
-- plan, with the claims unknown, looked dearer than the custom plans), 0.44 ms each, three times the count's own time.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  over record;
BEGIN
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
