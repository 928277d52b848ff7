-- The room-type and floor breakdowns of a closed day carry the day's long-term closures (issue 14), as the day's
-- snapshot does (migration 0049): under the USALI availability rule they deduct exactly those rooms, so the sums of
-- the breakdowns' available room-nights equal the property's. Days frozen before this migration count none.
ALTER TABLE pms_daily_room_type_snapshot ADD COLUMN rooms_long_term_closed integer NOT NULL DEFAULT 0;
ALTER TABLE pms_daily_floor_snapshot ADD COLUMN rooms_long_term_closed integer NOT NULL DEFAULT 0;
