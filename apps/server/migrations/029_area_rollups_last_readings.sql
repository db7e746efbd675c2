-- Cards of whole places without reading each pod's rollups (docs/decisions/0029). A location's card reads
-- its location rows (007); an area's card its area rows, the same sums per area, hourly and daily (built
-- from the pod rollups, so retention leaves them alone; no 5-minute level). Which pods have readings in
-- a window (the card's mean voltage is theirs) comes from pod_last_reading: per pod and sensor kind,
-- bounds on when its latest reading was taken.
CREATE TABLE measurement_area_hourly (
  area_id integer NOT NULL REFERENCES area(id) ON DELETE CASCADE,
  bucket timestamptz NOT NULL,
  n_temperature bigint NOT NULL DEFAULT 0,
  s_temperature double precision NOT NULL DEFAULT 0,
  n_humidity bigint NOT NULL DEFAULT 0,
  s_humidity double precision NOT NULL DEFAULT 0,
  n_barometric bigint NOT NULL DEFAULT 0,
  s_barometric double precision NOT NULL DEFAULT 0,
  n_luminescence bigint NOT NULL DEFAULT 0,
  s_luminescence double precision NOT NULL DEFAULT 0,
  n_air_quality bigint NOT NULL DEFAULT 0,
  s_air_quality double precision NOT NULL DEFAULT 0,
  n_water_flow bigint NOT NULL DEFAULT 0,
  s_water_flow double precision NOT NULL DEFAULT 0,
  n_electricity bigint NOT NULL DEFAULT 0,
  s_electricity double precision NOT NULL DEFAULT 0,
  n_motion bigint NOT NULL DEFAULT 0,
  s_motion double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (area_id, bucket)
) WITH (fillfactor = 50);

CREATE TABLE measurement_area_daily (
  LIKE measurement_area_hourly INCLUDING ALL,
  FOREIGN KEY (area_id) REFERENCES area(id) ON DELETE CASCADE
) WITH (fillfactor = 50);

-- lo <= the latest reading's time <= hi; equal unless only an hourly rollup row can tell (a hand delete
-- after retention dropped the raw readings before it). NULL: no reading of that kind.
CREATE TABLE pod_last_reading (
  pod_id integer PRIMARY KEY REFERENCES pod(id) ON DELETE CASCADE,
  lo_temperature timestamptz, hi_temperature timestamptz,
  lo_humidity timestamptz, hi_humidity timestamptz,
  lo_barometric timestamptz, hi_barometric timestamptz,
  lo_luminescence timestamptz, hi_luminescence timestamptz,
  lo_air_quality timestamptz, hi_air_quality timestamptz,
  lo_water_flow timestamptz, hi_water_flow timestamptz,
  lo_electricity timestamptz, hi_electricity timestamptz,
  lo_motion timestamptz, hi_motion timestamptz
) WITH (fillfactor = 50);

INSERT INTO measurement_area_hourly (area_id, bucket, n_temperature, s_temperature, n_humidity, s_humidity, n_barometric, s_barometric, n_luminescence, s_luminescence, n_air_quality, s_air_quality, n_water_flow, s_water_flow, n_electricity, s_electricity, n_motion, s_motion)
SELECT p.area_id, h.bucket,
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'MOTION'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'MOTION'), 0)
FROM measurement_hourly h JOIN pod p ON p.id = h.pod_id AND NOT p.outdoor GROUP BY 1, 2 ORDER BY 2, 1;

INSERT INTO measurement_area_daily (area_id, bucket, n_temperature, s_temperature, n_humidity, s_humidity, n_barometric, s_barometric, n_luminescence, s_luminescence, n_air_quality, s_air_quality, n_water_flow, s_water_flow, n_electricity, s_electricity, n_motion, s_motion)
SELECT p.area_id, h.bucket,
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'MOTION'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'MOTION'), 0)
FROM measurement_daily h JOIN pod p ON p.id = h.pod_id AND NOT p.outdoor GROUP BY 1, 2 ORDER BY 2, 1;

-- Per pod and kind: the latest raw reading when it lies in the latest hourly row (then nothing later was
-- dropped), else that hour as bounds. One index descent each (the raw key leads with pod and time).
INSERT INTO pod_last_reading
SELECT x.id,
  max(b.lo) FILTER (WHERE k.type = 'TEMPERATURE'), max(b.hi) FILTER (WHERE k.type = 'TEMPERATURE'),
  max(b.lo) FILTER (WHERE k.type = 'HUMIDITY'), max(b.hi) FILTER (WHERE k.type = 'HUMIDITY'),
  max(b.lo) FILTER (WHERE k.type = 'BAROMETRIC'), max(b.hi) FILTER (WHERE k.type = 'BAROMETRIC'),
  max(b.lo) FILTER (WHERE k.type = 'LUMINESCENCE'), max(b.hi) FILTER (WHERE k.type = 'LUMINESCENCE'),
  max(b.lo) FILTER (WHERE k.type = 'AIR_QUALITY'), max(b.hi) FILTER (WHERE k.type = 'AIR_QUALITY'),
  max(b.lo) FILTER (WHERE k.type = 'WATER_FLOW'), max(b.hi) FILTER (WHERE k.type = 'WATER_FLOW'),
  max(b.lo) FILTER (WHERE k.type = 'ELECTRICITY'), max(b.hi) FILTER (WHERE k.type = 'ELECTRICITY'),
  max(b.lo) FILTER (WHERE k.type = 'MOTION'), max(b.hi) FILTER (WHERE k.type = 'MOTION')
FROM pod x
CROSS JOIN (VALUES ('TEMPERATURE'), ('HUMIDITY'), ('BAROMETRIC'), ('LUMINESCENCE'), ('AIR_QUALITY'), ('WATER_FLOW'), ('ELECTRICITY'), ('MOTION')) k(type)
CROSS JOIN LATERAL (
  SELECT (SELECT m.created FROM measurement m WHERE m.pod_id = x.id AND m.sensor_type = k.type ORDER BY m.created DESC LIMIT 1) AS raw,
         (SELECT h.bucket FROM measurement_hourly h WHERE h.pod_id = x.id AND h.sensor_type = k.type AND h.count > 0 ORDER BY h.bucket DESC LIMIT 1) AS hour
) l
CROSS JOIN LATERAL (
  SELECT CASE WHEN l.raw >= l.hour THEN l.raw ELSE l.hour END AS lo,
         CASE WHEN l.raw >= l.hour THEN l.raw ELSE l.hour + interval '1 hour' - interval '1 microsecond' END AS hi
) b
WHERE l.hour IS NOT NULL
GROUP BY x.id;

-- Places whose rows may no longer be their pods' sums: a pod's location, area or outdoor flag changed
-- without its rows being carried along (an UPDATE outside movePodRollups, which announces its own moves
-- in greenpod.rollups_moved). Cards and charts read such places pod by pod until they are rebuilt.
CREATE TABLE place_rollup_stale (
  key text NOT NULL CHECK (key IN ('location_id', 'area_id')),
  place_id integer NOT NULL,
  PRIMARY KEY (key, place_id)
);

CREATE FUNCTION greenpod_pod_placed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('greenpod.rollups_moved', true) IS DISTINCT FROM NEW.id::text THEN
    INSERT INTO place_rollup_stale (key, place_id)
    VALUES ('location_id', OLD.location_id), ('location_id', NEW.location_id), ('area_id', OLD.area_id), ('area_id', NEW.area_id)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER pod_placed AFTER UPDATE OF location_id, area_id, outdoor ON pod FOR EACH ROW
  WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id OR OLD.area_id IS DISTINCT FROM NEW.area_id OR OLD.outdoor IS DISTINCT FROM NEW.outdoor)
  EXECUTE FUNCTION greenpod_pod_placed();
