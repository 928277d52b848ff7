-- House use and complimentary marks on stays (issue 13): a stay the hotel gives away (complimentary) or uses itself
-- (house use) is marked, with who marked it, when and why. A marked stay is not charged (no nightly room charge, no
-- check-out room charge) and the night audit counts it apart from the rooms sold and from room revenue.
ALTER TABLE pms_order_room
  ADD COLUMN stay_mark varchar(16) NOT NULL DEFAULT '' CHECK (stay_mark IN ('', 'houseUse', 'complimentary')),
  ADD COLUMN stay_mark_reason varchar(200) NOT NULL DEFAULT '',
  ADD COLUMN stay_mark_by bigint REFERENCES sys_user (user_id),
  ADD COLUMN stay_mark_time timestamptz,
  ADD CONSTRAINT pms_order_room_stay_mark_reason CHECK (stay_mark = '' OR btrim(stay_mark_reason) <> '');
