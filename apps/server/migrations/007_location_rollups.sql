-- Sums over each location's current pods, per 5 minutes, hour and day (docs/decisions/0014). A chart of
-- whole locations then reads one row per location and bucket, with a count and a sum per sensor type,
-- instead of one row per pod and sensor type: a Year chart of 100 pods in 5 locations reads 1,830 daily
-- rows, not 292,800 (bench/query). The 5-minute rows serve the charts that read raw readings (Day and
-- Week); they are built from raw readings and dropped with them (RAW_RETENTION_DAYS). Count and sum
-- only: when a pod moves, its rows are taken from one location and added to another, which min and
-- max cannot follow. One column pair per sensor kind (SENSOR_TYPES in packages/contracts).
CREATE TABLE measurement_location_5min (
  location_id integer NOT NULL REFERENCES location(id) ON DELETE CASCADE,
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
  PRIMARY KEY (location_id, bucket)
) WITH (fillfactor = 50);

-- The hourly and daily tables have the same columns and key.
CREATE TABLE measurement_location_hourly (
  LIKE measurement_location_5min INCLUDING ALL,
  FOREIGN KEY (location_id) REFERENCES location(id) ON DELETE CASCADE
) WITH (fillfactor = 50);

CREATE TABLE measurement_location_daily (
  LIKE measurement_location_5min INCLUDING ALL,
  FOREIGN KEY (location_id) REFERENCES location(id) ON DELETE CASCADE
) WITH (fillfactor = 50);

INSERT INTO measurement_location_5min (location_id, bucket, n_temperature, s_temperature, n_humidity, s_humidity, n_barometric, s_barometric, n_luminescence, s_luminescence, n_air_quality, s_air_quality, n_water_flow, s_water_flow, n_electricity, s_electricity, n_motion, s_motion)
SELECT p.location_id, date_bin('5 minutes', h.created, '2000-01-01 00:00:00+00'),
  coalesce(sum(1) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0), coalesce(sum(h.value) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0),
  coalesce(sum(1) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0), coalesce(sum(h.value) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0),
  coalesce(sum(1) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0), coalesce(sum(h.value) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0),
  coalesce(sum(1) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0), coalesce(sum(h.value) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0),
  coalesce(sum(1) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0), coalesce(sum(h.value) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0),
  coalesce(sum(1) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0), coalesce(sum(h.value) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0),
  coalesce(sum(1) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0), coalesce(sum(h.value) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0),
  coalesce(sum(1) FILTER (WHERE h.sensor_type = 'MOTION'), 0), coalesce(sum(h.value) FILTER (WHERE h.sensor_type = 'MOTION'), 0)
FROM measurement h JOIN pod p ON p.id = h.pod_id GROUP BY 1, 2 ORDER BY 2, 1;

INSERT INTO measurement_location_hourly (location_id, bucket, n_temperature, s_temperature, n_humidity, s_humidity, n_barometric, s_barometric, n_luminescence, s_luminescence, n_air_quality, s_air_quality, n_water_flow, s_water_flow, n_electricity, s_electricity, n_motion, s_motion)
SELECT p.location_id, h.bucket,
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'MOTION'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'MOTION'), 0)
FROM measurement_hourly h JOIN pod p ON p.id = h.pod_id GROUP BY 1, 2 ORDER BY 2, 1;

INSERT INTO measurement_location_daily (location_id, bucket, n_temperature, s_temperature, n_humidity, s_humidity, n_barometric, s_barometric, n_luminescence, s_luminescence, n_air_quality, s_air_quality, n_water_flow, s_water_flow, n_electricity, s_electricity, n_motion, s_motion)
SELECT p.location_id, h.bucket,
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'TEMPERATURE'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'HUMIDITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'BAROMETRIC'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'LUMINESCENCE'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'AIR_QUALITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'WATER_FLOW'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'ELECTRICITY'), 0),
  coalesce(sum(h.count) FILTER (WHERE h.sensor_type = 'MOTION'), 0), coalesce(sum(h.sum) FILTER (WHERE h.sensor_type = 'MOTION'), 0)
FROM measurement_daily h JOIN pod p ON p.id = h.pod_id GROUP BY 1, 2 ORDER BY 2, 1;
