-- Every change that can end or alter a signed-in session tells the API processes on channel
-- kd_auth, so that their session caches drop the entries concerned at once (docs/scaling.md).
-- Payloads: s:<session id>, u:<user id>, c:<company id>, * (all). The sliding expiry (last_seen_at,
-- expires_at) notifies nobody: a process re-reads a session whose cached expiry looks due.
-- kd_auth_notify(kind, column) names the row before and after the change by that column, so a row
-- moved to another user or company tells both.
CREATE FUNCTION kd_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('kd_auth', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('kd_auth', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kd_auth_sessions AFTER UPDATE OF revoked_at, config, user_id, company_id, impersonator_user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify('s', 'id');
--> statement-breakpoint
CREATE TRIGGER kd_auth_users AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify('u', 'id');
--> statement-breakpoint
CREATE TRIGGER kd_auth_companies AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify('c', 'id');
--> statement-breakpoint
CREATE TRIGGER kd_auth_group_members AFTER INSERT OR UPDATE OR DELETE ON user_group_members
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify('u', 'user_id');
--> statement-breakpoint
-- A company's bookings decide its modules (/users/me).
CREATE TRIGGER kd_auth_bookings AFTER INSERT OR UPDATE OR DELETE ON tariff_bookings
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify('c', 'company_id');
--> statement-breakpoint
-- A tariff's change may concern every company that books it.
CREATE FUNCTION kd_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kd_auth', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kd_auth_tariffs AFTER UPDATE OR DELETE ON tariffs
  FOR EACH STATEMENT EXECUTE FUNCTION kd_auth_notify_all();
