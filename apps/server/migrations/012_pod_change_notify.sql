-- Every instance caches pods for ingest (telemetry/pod-directory.ts). A pod updated (deactivated, its
-- key rotated) or deleted, or a sensor added to or taken from it, is announced on this channel, so
-- every instance drops its entry at once instead of ingesting for the cache's lifetime (ADR 0011).
CREATE FUNCTION greenpod_pod_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('greenpod_pod_changed', OLD.identifier); IF TG_OP = 'UPDATE' AND NEW.identifier IS DISTINCT FROM OLD.identifier THEN PERFORM pg_notify('greenpod_pod_changed', NEW.identifier); END IF; RETURN NULL; END $$;

CREATE TRIGGER pod_changed AFTER UPDATE OR DELETE ON pod FOR EACH ROW EXECUTE FUNCTION greenpod_pod_changed();

CREATE FUNCTION greenpod_pod_sensor_changed() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE ident text; BEGIN SELECT identifier INTO ident FROM pod WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.pod_id ELSE NEW.pod_id END; IF ident IS NOT NULL THEN PERFORM pg_notify('greenpod_pod_changed', ident); END IF; RETURN NULL; END $$;

CREATE TRIGGER pod_sensor_changed AFTER INSERT OR UPDATE OR DELETE ON pod_sensor FOR EACH ROW EXECUTE FUNCTION greenpod_pod_sensor_changed();
