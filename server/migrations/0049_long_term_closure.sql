-- A room out of order (locked or under maintenance) can be marked closed long term by a manager (issue 14): the USALI
-- availability rule deducts only those rooms from the available room-nights. The mark only counts while the room is
-- out of order and is cleared when the room returns to service. The night audit freezes the day's count.
ALTER TABLE pms_room ADD COLUMN long_term_closed boolean NOT NULL DEFAULT false;
ALTER TABLE pms_daily_snapshot ADD COLUMN rooms_long_term_closed integer NOT NULL DEFAULT 0;
