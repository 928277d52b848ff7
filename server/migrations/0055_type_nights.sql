-- Room-type nights (server/src/orders/inventory.ts) in one round trip: the advisory locks of the nights a transaction
-- claims, then the stays held at the busiest moment of each claim, over the rooms for sale. A VOLATILE SQL function
-- runs each of its statements on a fresh snapshot (PostgreSQL, "Function Volatility Categories"), so the count sees
-- every stay committed by a transaction that held one of the locks before they were granted here — as two separate
-- statements did. Answers the first claim over its type's rooms plus the overbooking allowance, or no row.
--
-- For each claim, the count is highest at the claim's start or at a held stay's start, so only those moments are read.
-- `lock_keys` is empty on the embedded database, where no other transaction runs beside this one.
CREATE FUNCTION pms_type_nights_over(
  lock_keys bigint[], type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint, overbook int
) RETURNS TABLE (full_at timestamptz, stays_held int, rooms_for_sale int, type_name text)
LANGUAGE sql VOLATILE AS $$
  SELECT count(pg_advisory_xact_lock(k)) FROM unnest(lock_keys) AS k;
  SELECT p.at, p.held, p.for_sale, p.type_name
  FROM unnest(type_ids, starts, ends) AS c(type_id, s, e)
  CROSS JOIN LATERAL (
    WITH held AS (
      SELECT stay FROM pms_order_room
      WHERE room_type_id = c.type_id AND state IN ('booking', 'checkIn') AND stay && tstzrange(c.s, c.e, '[)')
    ), moments AS (
      SELECT c.s AS at UNION SELECT lower(stay) FROM held WHERE lower(stay) > c.s
    )
    SELECT m.at, (SELECT count(*) FROM held h WHERE h.stay @> m.at)::int AS held,
      (SELECT count(*) FROM pms_room r WHERE r.room_type_id = c.type_id AND r.property_id = pid
        AND NOT r.locked AND NOT r.maintain)::int AS for_sale,
      (SELECT t.type_name FROM pms_room_type t WHERE t.room_type_id = c.type_id) AS type_name
    FROM moments m ORDER BY held DESC, m.at LIMIT 1
  ) p
  WHERE p.held > p.for_sale + overbook
  LIMIT 1;
$$;
