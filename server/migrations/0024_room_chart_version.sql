-- The room status chart's version per property (server/src/room-stock/chart-cache.ts): every committed change to
-- what the chart shows raises it, whoever makes it (any server instance of a chain, a script, an administrator's SQL),
-- so a server may answer the chart it built at the version still current. What the chart reads: rooms, buildings,
-- floors, room types, stays and their orders, guests and folios, the business date and the property's configuration
-- (its time zone).
--
-- The version row is raised by deferred constraint triggers, that is at commit and once per property and transaction:
-- its row lock is held from the commit's start to its end, never across a business transaction's round trips (a
-- version raised by the first statement of a reservation would make every reservation of the property wait on it).
-- A snapshot that sees version V sees every change committed before it: each one raised the version in the commit
-- that made it, under the row's lock.

CREATE TABLE pms_room_chart_version (
  -- No foreign key: a property's rows may be deleted in the very transaction that raises its version at commit.
  property_id bigint PRIMARY KEY,
  version bigint NOT NULL
);

CREATE FUNCTION pms_room_chart_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.property_id ELSE NEW.property_id END;
  raised text := COALESCE(current_setting('pms.room_chart_raised', true), '');
BEGIN
  -- Once per property and transaction: the transaction-local setting lists the properties already raised.
  IF position(',' || pid || ',' IN raised) > 0 THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('pms.room_chart_raised', COALESCE(NULLIF(raised, ''), ',') || pid || ',', true);
  INSERT INTO pms_room_chart_version AS v (property_id, version) VALUES (pid, 1)
    ON CONFLICT (property_id) DO UPDATE SET version = v.version + 1;
  -- A row moved to another property changes both charts.
  IF TG_OP = 'UPDATE' AND OLD.property_id IS DISTINCT FROM NEW.property_id THEN
    INSERT INTO pms_room_chart_version AS v (property_id, version) VALUES (OLD.property_id, 1)
      ON CONFLICT (property_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;

-- TRUNCATE fires no row trigger: every chart changes at once.
CREATE FUNCTION pms_room_chart_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pms_room_chart_version SET version = version + 1;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_room
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_building
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_floor
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_room_type
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_order_room
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_order
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_order_guest
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_folio_entry
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_business_date
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();
CREATE CONSTRAINT TRIGGER pms_room_chart AFTER INSERT OR UPDATE OR DELETE ON pms_property_config
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pms_room_chart_changed();

CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_room
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_building
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_floor
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_room_type
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_order_room
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_order
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_order_guest
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_folio_entry
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_business_date
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
CREATE TRIGGER pms_room_chart_truncate AFTER TRUNCATE ON pms_property_config
  FOR EACH STATEMENT EXECUTE FUNCTION pms_room_chart_truncated();
