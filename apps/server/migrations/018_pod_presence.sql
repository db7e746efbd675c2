-- Offline and online pods (docs/domain.md#notifications). One row per pod that has ever reported: when
-- its latest reading was taken, and whether it has been declared offline (no reading for the configured
-- number of reporting intervals). Kept by the rules worker from the evaluation queue, so the ingest
-- path writes nothing more.
CREATE TABLE pod_presence (
  pod_id integer PRIMARY KEY REFERENCES pod(id) ON DELETE CASCADE,
  last_reading_at timestamptz NOT NULL,
  offline boolean NOT NULL DEFAULT false,
  updated timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pod_presence_watch_idx ON pod_presence(last_reading_at) WHERE NOT offline;
