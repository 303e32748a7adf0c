-- Every change that can end or alter a signed-in session tells the API processes on channel
-- kd_auth, so that their session caches drop the entries concerned at once (docs/scaling.md).
-- Payloads: s:<session id>, u:<user id>, c:<company id>, * (all). The sliding expiry (last_seen_at,
-- expires_at) notifies nobody: a process re-reads a session whose cached expiry looks due.
CREATE FUNCTION kd_auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kd_auth', 's:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kd_auth_sessions AFTER UPDATE OF revoked_at, config, user_id, company_id, impersonator_user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify_session();
--> statement-breakpoint
CREATE FUNCTION kd_auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kd_auth', 'u:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kd_auth_users AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify_user();
--> statement-breakpoint
CREATE FUNCTION kd_auth_notify_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kd_auth', 'c:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kd_auth_companies AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify_company();
--> statement-breakpoint
-- A membership names its user on both sides of an update (a user moved to another group).
CREATE FUNCTION kd_auth_notify_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('kd_auth', 'u:' || OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('kd_auth', 'u:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kd_auth_group_members AFTER INSERT OR UPDATE OR DELETE ON user_group_members
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify_member();
--> statement-breakpoint
-- A company's bookings decide its modules (/users/me); a tariff's change may concern every company.
CREATE FUNCTION kd_auth_notify_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('kd_auth', 'c:' || OLD.company_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('kd_auth', 'c:' || NEW.company_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kd_auth_bookings AFTER INSERT OR UPDATE OR DELETE ON tariff_bookings
  FOR EACH ROW EXECUTE FUNCTION kd_auth_notify_booking();
--> statement-breakpoint
CREATE FUNCTION kd_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kd_auth', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kd_auth_tariffs AFTER UPDATE OR DELETE ON tariffs
  FOR EACH STATEMENT EXECUTE FUNCTION kd_auth_notify_all();
