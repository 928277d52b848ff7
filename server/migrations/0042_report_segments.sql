-- Reports (issue 14): revenue analysis by order source, customer source, channel and salesman, and occupancy by
-- building and floor. The night audit freezes both beside pms_daily_snapshot in the same transaction (as it does the
-- per-room-type rows of 0038); the reports read closed days from here, never from the live tables again.

-- The distribution channel an order came through (an OTA, the property's own website, a travel agency's system...),
-- apart from its order source (how it was taken: front desk, phone, online...) and customer source (who the guest
-- is), as the established PMS keep them. Orders made before this migration have none ('').
ALTER TABLE pms_order ADD COLUMN channel varchar(30) NOT NULL DEFAULT '';

-- A closed day's room-nights sold and room revenue (room charges and overtime) by one attribute of the order they
-- belong to. dimension names the attribute; segment holds its value ('' when the order has none). For each
-- dimension the segments sum to the day's room revenue and rooms sold (tested).
CREATE TABLE pms_daily_segment_snapshot (
  property_id bigint NOT NULL,
  dimension varchar(16) NOT NULL CHECK (dimension IN ('orderSource', 'customerSource', 'channel', 'salesman')),
  business_date date NOT NULL,
  segment varchar(50) NOT NULL,
  rooms_sold integer NOT NULL,
  room_revenue_cents bigint NOT NULL,
  -- One dimension over a period is one range of this key.
  PRIMARY KEY (property_id, dimension, business_date, segment),
  FOREIGN KEY (property_id, business_date) REFERENCES pms_daily_snapshot (property_id, business_date) ON DELETE CASCADE
);

-- A closed day's room stock and rooms sold per floor: rooms in service and out of order on the floor, rooms charged
-- that night and complimentary ones. Names are frozen with the day. floor_id 0 holds room charges of no room.
CREATE TABLE pms_daily_floor_snapshot (
  property_id bigint NOT NULL,
  business_date date NOT NULL,
  floor_id bigint NOT NULL,
  building_id bigint NOT NULL,
  building_name varchar(50) NOT NULL DEFAULT '',
  floor_no integer NOT NULL DEFAULT 0,
  floor_name varchar(50) NOT NULL DEFAULT '',
  rooms_in_service integer NOT NULL,
  rooms_out_of_order integer NOT NULL,
  rooms_sold integer NOT NULL,
  rooms_complimentary integer NOT NULL,
  PRIMARY KEY (property_id, business_date, floor_id),
  FOREIGN KEY (property_id, business_date) REFERENCES pms_daily_snapshot (property_id, business_date) ON DELETE CASCADE
);
