-- The stays of other orders joined (down any joint-room chain) to some stays, still booked or in house: what refuses a
-- check-out or a settling while their charges would post to a closing folio (server/src/billing/joint-rooms.ts, rule
-- 2). The same query the server sent as a statement of its own, now in a function planned once per connection.
--
-- Sent as a statement, PostgreSQL planned the recursive query afresh at every call: with the stays' ids unknown its
-- generic plan looked dearer than the custom ones (an array of ten ids assumed), so it never kept one. Planning took
-- 0.35 ms idle and 0.6 ms under the front-desk bench's twenty clients (pg_stat_statements, 2026-12-07), twenty-five
-- times the query's own 0.02 ms, on every check-out. The generic plan (index scans on the stay ids and on
-- main_room_id, as the custom ones) runs in 0.03-0.1 ms.
--
-- `room_ids` names the stays joined to (a check-out's leaving rooms); NULL means every stay of the order `oid`. Stays
-- of the order itself are not answered; `max_depth` bounds a corrupt cycle (billing/folio.ts MAX_CHAIN).
CREATE OR REPLACE FUNCTION pms_joint_rooms_in_house(pid bigint, oid bigint, room_ids bigint[], max_depth int)
RETURNS TABLE (order_room_id bigint, order_id bigint, order_no text, room_no text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  -- The stays joined to: those named, or every stay of the order (the order_id index).
  roots bigint[] := room_ids;
BEGIN
  IF roots IS NULL THEN
    roots := ARRAY(SELECT r0.order_room_id FROM pms_order_room r0 WHERE r0.property_id = pid AND r0.order_id = oid);
  END IF;
  RETURN QUERY
  WITH RECURSIVE joined AS (
    SELECT r0.order_room_id, 0 AS depth FROM pms_order_room r0
    WHERE r0.property_id = pid AND r0.order_room_id = ANY(roots)
    UNION ALL
    SELECT r.order_room_id, j.depth + 1 FROM pms_order_room r JOIN joined j ON r.main_room_id = j.order_room_id
    WHERE j.depth < max_depth
  )
  SELECT DISTINCT s.order_room_id, s.order_id, o.order_no::text, rm.room_no::text
  FROM joined j
  JOIN pms_order_room s ON s.order_room_id = j.order_room_id
  JOIN pms_order o ON o.order_id = s.order_id
  LEFT JOIN pms_room rm ON rm.room_id = s.room_id
  WHERE j.depth > 0 AND s.order_id <> oid AND s.state IN ('booking', 'checkIn')
  ORDER BY s.order_room_id;
END
$$;
