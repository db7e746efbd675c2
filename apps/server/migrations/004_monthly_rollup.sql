-- A third rollup level, UTC calendar months, kept like the other two: a year to date then reads
-- twelve rows per pod and sensor type instead of 365 (docs/decisions/0013).
CREATE TABLE measurement_monthly (
  pod_id integer NOT NULL REFERENCES pod(id),
  sensor_type text NOT NULL,
  bucket timestamptz NOT NULL,
  count integer NOT NULL,
  sum double precision NOT NULL,
  min double precision NOT NULL,
  max double precision NOT NULL,
  PRIMARY KEY (pod_id, sensor_type, bucket)
);

INSERT INTO measurement_monthly (pod_id, sensor_type, bucket, count, sum, min, max)
SELECT pod_id, sensor_type, date_trunc('month', bucket, 'UTC'), sum(count), sum(sum), min(min), max(max)
FROM measurement_daily GROUP BY 1, 2, 3;
