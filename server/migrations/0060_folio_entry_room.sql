-- A folio entry keeps the room its stay was in when it was posted: a receipt printed again after a room change shows
-- the room the guest paid in, not the one the stay moved to. A trigger records it on every insert (the desk's posts,
-- the night audit's room charges), so no path can leave it out; an entry of no stay, or of a stay with no room yet,
-- has none. A record of history, not a reference: no foreign key (it would lock the room row for every posting
-- against the room locks of check-in and room states, and a deleted room simply shows no number).
ALTER TABLE pms_folio_entry ADD COLUMN room_id bigint;

CREATE OR REPLACE FUNCTION pms_folio_entry_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.room_id IS NULL AND NEW.order_room_id IS NOT NULL THEN
    SELECT s.room_id INTO NEW.room_id FROM pms_order_room s WHERE s.order_room_id = NEW.order_room_id;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER pms_folio_entry_room BEFORE INSERT ON pms_folio_entry
  FOR EACH ROW EXECUTE FUNCTION pms_folio_entry_room();

-- Entries posted before: the room is read back from the stay's history (pms_order_event). The last check-in or room
-- change at or before the entry names the room it was in; else the first one after it names the room it left (a
-- check-in that assigned another room than the booked one does not say which: none is recorded); else nothing moved
-- the stay since, and its room now is the one. A room deleted since is not recorded.
-- The room an old entry was posted in changes nothing the room status chart shows: its per-row trigger is off for
-- the backfill (a desk with years of entries would otherwise queue one chart change per entry).
ALTER TABLE pms_folio_entry DISABLE TRIGGER pms_room_chart;
WITH known AS (
  SELECT f.entry_id,
    CASE
      WHEN before_move.event_id IS NOT NULL THEN before_move.room_after
      WHEN after_move.event_id IS NOT NULL THEN after_move.room_before
      ELSE s.room_id
    END AS room_id
  FROM pms_folio_entry f
  JOIN pms_order_room s ON s.order_room_id = f.order_room_id
  LEFT JOIN LATERAL (
    SELECT e.event_id,
      (CASE e.action WHEN 'changeRoom' THEN e.detail->'after'->>'roomId' ELSE e.detail->>'roomId' END)::bigint
        AS room_after
    FROM pms_order_event e
    WHERE e.order_id = s.order_id AND e.order_room_id = s.order_room_id AND e.create_time <= f.create_time
      AND ((e.action = 'changeRoom' AND e.detail->'after'->>'roomId' IS NOT NULL)
        OR (e.action = 'checkIn' AND e.detail->>'roomId' IS NOT NULL))
    ORDER BY e.create_time DESC, e.event_id DESC
    LIMIT 1
  ) before_move ON true
  LEFT JOIN LATERAL (
    SELECT e.event_id,
      (CASE
        WHEN e.action = 'changeRoom' THEN e.detail->'before'->>'roomId'
        WHEN e.detail->>'assigned' = 'false' THEN e.detail->>'roomId'
      END)::bigint AS room_before
    FROM pms_order_event e
    WHERE e.order_id = s.order_id AND e.order_room_id = s.order_room_id AND e.create_time > f.create_time
      AND ((e.action = 'changeRoom' AND e.detail ? 'before') OR (e.action = 'checkIn' AND e.detail ? 'assigned'))
    ORDER BY e.create_time, e.event_id
    LIMIT 1
  ) after_move ON true
  WHERE f.room_id IS NULL
)
UPDATE pms_folio_entry f SET room_id = known.room_id
  FROM known JOIN pms_room r ON r.room_id = known.room_id
  WHERE f.entry_id = known.entry_id;
ALTER TABLE pms_folio_entry ENABLE TRIGGER pms_room_chart;
