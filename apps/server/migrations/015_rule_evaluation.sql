-- The rules engine (docs/domain.md#rules). Each committed ingest batch leaves one row per pod and sensor
-- type here, in the same transaction as its readings: a crash between the commit and the evaluation
-- leaves the row, and the next worker run evaluates it. Rows are claimed with SKIP LOCKED, so several
-- server instances share the work.
CREATE TABLE rule_evaluation_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  pod_id integer NOT NULL,
  sensor_type text NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);

-- One episode state per rule and pod (alerts/episode.ts EpisodeState).
CREATE TABLE rule_episode (
  rule_id integer NOT NULL REFERENCES rule(id) ON DELETE CASCADE,
  pod_id integer NOT NULL REFERENCES pod(id) ON DELETE CASCADE,
  state jsonb NOT NULL,
  updated timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, pod_id)
);

-- The reading time an engine notification was raised at: with rule, pod and type its idempotency key.
ALTER TABLE notification ADD COLUMN reading_at timestamptz;
CREATE UNIQUE INDEX notification_episode_step_idx ON notification(rule_id, pod_id, type, reading_at)
  WHERE reading_at IS NOT NULL;
