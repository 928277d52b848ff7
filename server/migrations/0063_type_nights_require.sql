-- Room-type inventory refused by the database itself (server/src/orders/inventory.ts): the nights' count of migration
-- 0056 now raises instead of answering the first moment over, so a transaction needs no decision of the server between
-- the count and its COMMIT. A new order sends the count, the order as it now is and the COMMIT in one write: the
-- advisory locks the count takes are held for PostgreSQL's own work on that write, not across a round trip to the
-- server and back (which, under load, waited behind every other request the server had in hand).
--
-- Raises SQLSTATE PO001 when the stays held exceed the rooms for sale plus the overbooking allowance at a moment of a
-- claim; its DETAIL is JSON naming the type, the moment and the rooms for sale, which the server answers as 409 in the
-- caller's language. Any statement after it in the transaction then fails and its COMMIT is a ROLLBACK.
CREATE FUNCTION pms_type_nights_require(
  lock_keys bigint[], type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint, overbook int
) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  over record;
BEGIN
  PERFORM pg_advisory_xact_lock(k) FROM unnest(lock_keys) AS k;
  SELECT p.at, p.held, p.for_sale, p.type_name::text AS type_name INTO over
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
  IF FOUND THEN
    RAISE EXCEPTION 'room type % is full at %', over.type_name, over.at USING ERRCODE = 'PO001',
      DETAIL = json_build_object('typeName', over.type_name, 'at', over.at, 'forSale', over.for_sale)::text;
  END IF;
END $$;

DROP FUNCTION pms_type_nights_over(bigint[], bigint[], timestamptz[], timestamptz[], bigint, int);
