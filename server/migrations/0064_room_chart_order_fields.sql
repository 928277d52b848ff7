-- The room status chart's triggers on orders (migration 0024) fire only for what a tile shows of an order: its number,
-- contact name and phone, hourly flag and main account (server/src/room-stock/desk-tiles.ts, `chartSources`), or a
-- move to another property. Measured under the front-desk bench (pg_stat_statements and perf, server/src/db/README.md
-- "The database's CPU"): the chart's deferred triggers were still the largest part of PostgreSQL's CPU a check-in
-- cycle, and most order events recorded nothing new:
--
-- - a new order has no stay when its row is inserted: its rooms are recorded by its stays' own inserts, so the order's
--   insert event raised the version and recorded no room (it is no longer queued at all);
-- - a check-in, a check-out, a cancellation or a settlement changes the order's state, times or totals, which no tile
--   reads (a tile reads its stay's state and times, changed by the stay's own update in the same transaction), and
--   each such event read the order's stays to record their rooms again.
--
-- A condition on the trigger is evaluated when the row changes; a row that changes none of these queues no event. A
-- new column shown by the chart from pms_order must be added here (chart-cache.test.ts changes each shown field and
-- one that is not). Deleting an order still raises the version, as before. The trigger function's branch for an
-- order's insert (migration 0056) is no longer reached.
DROP TRIGGER pms_room_chart ON pms_order;
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER UPDATE ON pms_order
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.property_id, OLD.order_no, OLD.contact_name, OLD.contact_phone, OLD.hourly, OLD.main_account)
    IS DISTINCT FROM (NEW.property_id, NEW.order_no, NEW.contact_name, NEW.contact_phone, NEW.hourly, NEW.main_account))
  EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart_removed AFTER DELETE ON pms_order
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
