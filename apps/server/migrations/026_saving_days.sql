-- The days each stored saving was computed from (docs/domain.md#savings): a pod's use, readings, outdoor
-- temperature and occupied hours per local day of the savings' calendar, kept when its periods are computed. The
-- chart of expected against actual (the Savings page, a report) reads them instead of a year of hourly rollups,
-- and so draws the same days the stored savings add up.
CREATE TABLE saving_day (
  pod_id integer NOT NULL REFERENCES pod(id) ON DELETE CASCADE,
  sensor_type text NOT NULL,
  time_zone text NOT NULL,
  day date NOT NULL,
  use double precision,
  readings integer NOT NULL,
  expected_readings integer NOT NULL,
  mean_outdoor_c double precision,
  occupied_hours integer,
  PRIMARY KEY (pod_id, sensor_type, time_zone, day)
);
