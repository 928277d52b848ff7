-- Session caches stay true (server/src/auth/session-cache.ts, auth-channel.ts): every committed change to what a session
-- may do is announced on the 'pms_auth' channel, whoever makes it (any server instance of a chain, a script, an
-- administrator's SQL). Payloads: {"u": user id} for one user's sessions, {"all": true} for a role or permission
-- change that may touch anyone. PostgreSQL sends them at commit, in commit order, and folds identical ones of one
-- transaction; a rolled-back change sends nothing.

CREATE FUNCTION pms_auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('pms_auth', json_build_object('u', OLD.user_id)::text);
  ELSE
    PERFORM pg_notify('pms_auth', json_build_object('u', NEW.user_id)::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('pms_auth', json_build_object('u', OLD.user_id)::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION pms_auth_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pms_auth', '{"all":true}');
  RETURN NULL;
END $$;

-- A session revoked, moved to another property or cut short (the sliding refresh only lengthens it: no message).
CREATE TRIGGER sys_session_auth AFTER UPDATE ON sys_session FOR EACH ROW
  WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.property_id IS DISTINCT FROM OLD.property_id
        OR NEW.expires_at < OLD.expires_at OR NEW.user_id IS DISTINCT FROM OLD.user_id
        OR NEW.token_hash IS DISTINCT FROM OLD.token_hash)
  EXECUTE FUNCTION pms_auth_user_changed();
CREATE TRIGGER sys_session_auth_delete AFTER DELETE ON sys_session FOR EACH ROW
  EXECUTE FUNCTION pms_auth_user_changed();

-- A user disabled, deleted, renamed or retyped.
CREATE TRIGGER sys_user_auth AFTER UPDATE ON sys_user FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.del_flag IS DISTINCT FROM OLD.del_flag
        OR NEW.user_type IS DISTINCT FROM OLD.user_type OR NEW.user_name IS DISTINCT FROM OLD.user_name)
  EXECUTE FUNCTION pms_auth_user_changed();
CREATE TRIGGER sys_user_auth_delete AFTER DELETE ON sys_user FOR EACH ROW
  EXECUTE FUNCTION pms_auth_user_changed();

-- A user's global roles, property bindings and property roles.
CREATE TRIGGER sys_user_role_auth AFTER INSERT OR UPDATE OR DELETE ON sys_user_role FOR EACH ROW
  EXECUTE FUNCTION pms_auth_user_changed();
CREATE TRIGGER pms_property_user_auth AFTER INSERT OR UPDATE OR DELETE ON pms_property_user FOR EACH ROW
  EXECUTE FUNCTION pms_auth_user_changed();

-- Roles, what they grant, and the permissions menus carry: once per statement, for everyone.
CREATE TRIGGER sys_role_auth AFTER UPDATE OR DELETE ON sys_role FOR EACH STATEMENT
  EXECUTE FUNCTION pms_auth_all_changed();
CREATE TRIGGER sys_role_menu_auth AFTER INSERT OR UPDATE OR DELETE ON sys_role_menu FOR EACH STATEMENT
  EXECUTE FUNCTION pms_auth_all_changed();
CREATE TRIGGER sys_menu_auth AFTER UPDATE OR DELETE ON sys_menu FOR EACH STATEMENT
  EXECUTE FUNCTION pms_auth_all_changed();
