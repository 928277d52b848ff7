// The room-type nights count of migration 0063, replaced by migration 0068's (one pass over the stays held): kept as
// the reference the new count is tested against (test/api/type-nights-count.test.ts) and measured beside
// (`npm run bench -- type-nights`). Parameters: $1 type ids, $2 starts, $3 ends (the claims, in order), $4 the
// property, $5 the overbooking allowance; one row (the first claim over its type's rooms for sale plus the allowance:
// its busiest instant, the stays held then, the rooms for sale and the type's name) or none.
export const TYPE_NIGHTS_0063 = `
  SELECT p.at, p.held, p.for_sale, p.type_name::text AS type_name
  FROM unnest($1::bigint[], $2::timestamptz[], $3::timestamptz[]) AS c(type_id, s, e)
  CROSS JOIN LATERAL (
    WITH held AS (
      SELECT o.stay FROM pms_order_room o
      WHERE o.room_type_id = c.type_id AND o.state IN ('booking', 'checkIn') AND o.stay && tstzrange(c.s, c.e, '[)')
    ), moments AS (
      SELECT c.s AS at UNION SELECT lower(h.stay) FROM held h WHERE lower(h.stay) > c.s
    )
    SELECT m.at, (SELECT count(*) FROM held h WHERE h.stay @> m.at)::int AS held,
      (SELECT count(*) FROM pms_room r WHERE r.room_type_id = c.type_id AND r.property_id = $4
        AND NOT r.locked AND NOT r.maintain)::int AS for_sale,
      (SELECT t.type_name FROM pms_room_type t WHERE t.room_type_id = c.type_id) AS type_name
    FROM moments m ORDER BY held DESC, m.at LIMIT 1
  ) p
  WHERE p.held > p.for_sale + $5
  LIMIT 1`

/** The claims' arrays as PostgreSQL array literals, as the server sends them (server/src/orders/inventory.ts). */
export const arrayLiteral = (values: Array<string | number | bigint>) => `{${values.join(',')}}`
