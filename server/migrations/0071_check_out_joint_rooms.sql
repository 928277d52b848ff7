-- The rooms of other orders joined to a check-out's stays and still active, read from what the check-out asks alone
-- (server/src/billing/joint-rooms.ts jointRoomsOfCheckOut), so billing's check-out reads go with the order's lock in
-- the check-out's first round trip instead of waiting for its stays to be read first.
--
-- The stays leaving are the order's checked-in stays (those named, when the desk names some); when no checked-in stay
-- of the order stays behind, the order itself checks out and the stays joined to any of its stays count (as
-- pms_joint_rooms_in_house with no stays named), else those joined to the leaving stays. The check-out reads the same
-- stays under the same order lock and refuses stays named that are not checked in before this answer is used.
CREATE OR REPLACE FUNCTION pms_check_out_joint_rooms(pid bigint, oid bigint, asked bigint[], max_depth int)
RETURNS TABLE (order_room_id bigint, order_id bigint, order_no text, room_no text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
  leaving bigint[];
  staying boolean;
BEGIN
  leaving := ARRAY(SELECT s.order_room_id FROM pms_order_room s
    WHERE s.property_id = pid AND s.order_id = oid AND s.state = 'checkIn'
      AND (asked IS NULL OR s.order_room_id = ANY(asked)));
  staying := EXISTS (SELECT 1 FROM pms_order_room s
    WHERE s.property_id = pid AND s.order_id = oid AND s.state = 'checkIn' AND s.order_room_id <> ALL(leaving));
  RETURN QUERY SELECT j.order_room_id, j.order_id, j.order_no, j.room_no
    FROM pms_joint_rooms_in_house(pid, oid, CASE WHEN staying THEN leaving END, max_depth) j;
END
$$;
