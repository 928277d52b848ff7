-- A stay that leaves its room (its check-out, a room change away from it, or any other way out of 'checkIn') turns
-- every key the room's lock holds for it into a pending revocation (devices/lock-auth.ts: operation revoke, reason
-- cleared, one more attempt), in the statement that moves the stay. The console runs the pending tasks at once
-- (pendingLockAuthTasks); one it cannot run stays pending on the order's cards tab, to be revoked again. A pending
-- grant may have reached the lock before its report: it is revoked like the others.
--
-- Until now the server sent this update itself, a statement of every check-out and room change (the front desk's
-- hook `lockAuth`), though nearly every stay holds no key on a lock at all: the trigger's WHEN is evaluated without
-- calling the function, and the update finds the stay's keys by the (order_room_id, key_uid) index.
CREATE FUNCTION pms_stay_left_lock_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dvc_lock_auth SET operation = 'revoke', state = 'pending', reason = '', attempts = attempts + 1,
    update_time = now()
  WHERE order_room_id = OLD.order_room_id AND room_id = OLD.room_id AND property_id = OLD.property_id
    AND state IN ('success', 'renewalFailed', 'pending', 'revokeFailed');
  RETURN NULL;
END $$;

CREATE TRIGGER pms_stay_left_lock_auth AFTER UPDATE OF state, room_id ON pms_order_room FOR EACH ROW
  WHEN (OLD.state = 'checkIn' AND OLD.room_id IS NOT NULL
    AND (NEW.state <> 'checkIn' OR NEW.room_id IS DISTINCT FROM OLD.room_id))
  EXECUTE FUNCTION pms_stay_left_lock_auth();
