-- Sums over each location's current indoor pods per minute (docs/decisions/0031), beside the 5-minute rows
-- (007): a Live chart, whose buckets are minutes, reads one row per location and minute instead of every
-- pod's raw readings, and a window's ragged ends leave under a minute of raw readings to read on each side
-- instead of under five. Built from raw readings like the 5-minute rows, and dropped with them
-- (RAW_RETENTION_DAYS).
CREATE TABLE measurement_location_minute (
  LIKE measurement_location_5min INCLUDING ALL,
  FOREIGN KEY (location_id) REFERENCES location(id) ON DELETE CASCADE
) WITH (fillfactor = 50);

INSERT INTO measurement_location_minute (location_id, bucket, n_temperature, s_temperature, n_humidity, s_humidity, n_barometric, s_barometric, n_luminescence, s_luminescence, n_air_quality, s_air_quality, n_water_flow, s_water_flow, n_electricity, s_electricity, n_motion, s_motion)
SELECT p.location_id, date_bin('1 minute', m.created, '2000-01-01 00:00:00+00'),
  coalesce(sum(1) FILTER (WHERE m.sensor_type = 'TEMPERATURE'), 0), coalesce(sum(m.value) FILTER (WHERE m.sensor_type = 'TEMPERATURE'), 0),
  coalesce(sum(1) FILTER (WHERE m.sensor_type = 'HUMIDITY'), 0), coalesce(sum(m.value) FILTER (WHERE m.sensor_type = 'HUMIDITY'), 0),
  coalesce(sum(1) FILTER (WHERE m.sensor_type = 'BAROMETRIC'), 0), coalesce(sum(m.value) FILTER (WHERE m.sensor_type = 'BAROMETRIC'), 0),
  coalesce(sum(1) FILTER (WHERE m.sensor_type = 'LUMINESCENCE'), 0), coalesce(sum(m.value) FILTER (WHERE m.sensor_type = 'LUMINESCENCE'), 0),
  coalesce(sum(1) FILTER (WHERE m.sensor_type = 'AIR_QUALITY'), 0), coalesce(sum(m.value) FILTER (WHERE m.sensor_type = 'AIR_QUALITY'), 0),
  coalesce(sum(1) FILTER (WHERE m.sensor_type = 'WATER_FLOW'), 0), coalesce(sum(m.value) FILTER (WHERE m.sensor_type = 'WATER_FLOW'), 0),
  coalesce(sum(1) FILTER (WHERE m.sensor_type = 'ELECTRICITY'), 0), coalesce(sum(m.value) FILTER (WHERE m.sensor_type = 'ELECTRICITY'), 0),
  coalesce(sum(1) FILTER (WHERE m.sensor_type = 'MOTION'), 0), coalesce(sum(m.value) FILTER (WHERE m.sensor_type = 'MOTION'), 0)
FROM measurement m JOIN pod p ON p.id = m.pod_id AND NOT p.outdoor GROUP BY 1, 2 ORDER BY 2, 1;
