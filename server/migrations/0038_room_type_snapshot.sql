-- Reports (issue 14, revenue analysis by room type): the night audit freezes each closed day's figures per room type
-- beside pms_daily_snapshot, in the same transaction — the rooms in service and out of order of the type, the rooms
-- sold (charged that night) and the room revenue (room charges and overtime) of its stays. Room type 0 holds room
-- revenue posted without a stay. The sums over the types equal the day's snapshot (tested).
CREATE TABLE pms_daily_room_type_snapshot (
  property_id bigint NOT NULL,
  business_date date NOT NULL,
  room_type_id bigint NOT NULL,
  type_name varchar(100) NOT NULL DEFAULT '',
  rooms_in_service integer NOT NULL,
  rooms_out_of_order integer NOT NULL,
  rooms_sold integer NOT NULL,
  room_revenue_cents bigint NOT NULL,
  PRIMARY KEY (property_id, business_date, room_type_id),
  FOREIGN KEY (property_id, business_date) REFERENCES pms_daily_snapshot (property_id, business_date) ON DELETE CASCADE
);

-- The day's arrivals and departures (the night audit's snapshot and the open day's live figures) by index, not by a
-- scan of every stay the property ever had.
CREATE INDEX pms_order_room_checked_in_idx ON pms_order_room (property_id, checked_in_at)
  WHERE checked_in_at IS NOT NULL;
CREATE INDEX pms_order_room_checked_out_idx ON pms_order_room (property_id, checked_out_at)
  WHERE checked_out_at IS NOT NULL;
