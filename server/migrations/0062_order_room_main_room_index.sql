-- The rooms joined to a room's account (main_room_id): the check-out's and settling's search for other orders' rooms
-- still in house on the account (billing/joint-rooms.ts) and the join's own checks walk down from an account by this
-- column, which had no index, so each of them read every stay the property ever had (a year of a hotel in service:
-- tens of thousands). Few stays are joined: a partial index of those.
CREATE INDEX pms_order_room_main_room_idx ON pms_order_room (main_room_id) WHERE main_room_id IS NOT NULL;
