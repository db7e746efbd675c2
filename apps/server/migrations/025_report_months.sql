-- What a report reads per pod and closed UTC calendar month instead of a month of daily and hourly rollups
-- (docs/domain.md#reports): the complete days of the pod's main metered sensor, and its electricity and water
-- (sums of readings) in all hours and in unoccupied ones, as the green score counts occupancy. Written once per
-- pod and month by the score pass after the month closes (like aggregated_data's rows, never updated after).
CREATE TABLE report_month (
  pod_id integer NOT NULL REFERENCES pod(id) ON DELETE CASCADE,
  month date NOT NULL,
  complete_days integer NOT NULL,
  electricity double precision,
  empty_electricity double precision,
  water double precision,
  empty_water double precision,
  computed timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (pod_id, month)
);
