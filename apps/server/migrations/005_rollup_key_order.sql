-- Rollup keys as (pod, bucket, type): a window's rows for one pod are then one index range holding
-- all eight sensor types, one descent per pod instead of one per pod and type (bench/query: a Day
-- card read made 800 descents for 800 rows). ON CONFLICT (pod_id, sensor_type, bucket) still finds it.
ALTER TABLE measurement_hourly DROP CONSTRAINT measurement_hourly_pkey;
ALTER TABLE measurement_hourly ADD PRIMARY KEY (pod_id, bucket, sensor_type);
ALTER TABLE measurement_daily DROP CONSTRAINT measurement_daily_pkey;
ALTER TABLE measurement_daily ADD PRIMARY KEY (pod_id, bucket, sensor_type);
ALTER TABLE measurement_monthly DROP CONSTRAINT measurement_monthly_pkey;
ALTER TABLE measurement_monthly ADD PRIMARY KEY (pod_id, bucket, sensor_type);
