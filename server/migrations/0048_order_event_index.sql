-- The night audit's snapshot and the reports count a property's no-shows and cancellations of a day from the order
-- events (action, time); without this index each count read every event of every property.
CREATE INDEX pms_order_event_action_idx ON pms_order_event (property_id, action, create_time);
