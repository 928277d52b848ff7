-- A card record says when its card no longer opens although it was written (server/src/cards/record-effects.ts):
-- `lost` once a lost card naming it (its record id is the card number) was issued, `superseded` once a newer guest
-- card of the same room was written with the SUPERSEDE flag (the lock then refuses the older one). A lost card keeps
-- the card number it blacklists or an un-lost card releases, so the record it names can be followed.
ALTER TABLE pms_card_record ADD COLUMN target_card_no bigint NOT NULL DEFAULT 0;
ALTER TABLE pms_card_record DROP CONSTRAINT pms_card_record_state_check;
ALTER TABLE pms_card_record ADD CONSTRAINT pms_card_record_state_check
  CHECK (state IN ('waiting', 'issued', 'failed', 'expired', 'lost', 'superseded'));
CREATE INDEX pms_card_record_room_idx ON pms_card_record (property_id, room_id, issue_sequence);

-- Guest cards already replaced: a newer superseding guest card of the room was written after them. (Lost cards
-- issued before this migration did not keep the card they named, so those records cannot be followed.)
UPDATE pms_card_record r SET state = 'superseded', update_time = now()
WHERE r.state = 'issued' AND r.card_type = 1 AND r.room_id IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM pms_card_record n
    WHERE n.property_id = r.property_id AND n.room_id = r.room_id AND n.card_type = 1
      AND n.state NOT IN ('waiting', 'failed') AND (n.flags & 1) <> 0 AND n.issue_sequence > r.issue_sequence
  );
