-- The desk's room status chart: why a room is locked or under maintenance (asked when the state is set, cleared
-- when it is cancelled), and room types sold by bed (dormitories), the only ones a stay leaves 'not full'.
ALTER TABLE pms_room ADD COLUMN lock_reason varchar(200) NOT NULL DEFAULT '';
ALTER TABLE pms_room ADD COLUMN maintain_reason varchar(200) NOT NULL DEFAULT '';
ALTER TABLE pms_room_type ADD COLUMN sold_by_bed boolean NOT NULL DEFAULT false;
-- The chart and today's lists read in-house stays and arrivals by room.
CREATE INDEX pms_order_room_room_state_idx ON pms_order_room (room_id, state);
