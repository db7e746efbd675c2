-- The rules engine's queue holds one row per pod of a committed batch, not one per pod and sensor type: a
-- claim evaluates every rule of the pods it takes, each over its own sensor type's new readings, so the type
-- told it nothing it could not read from the rules, and a device's message of eight readings left eight rows
-- to insert and delete (docs/performance.md#a-pod-once-a-claim).
DROP INDEX rule_evaluation_queue_pair_idx;
ALTER TABLE rule_evaluation_queue DROP COLUMN sensor_type;
CREATE INDEX rule_evaluation_queue_pod_idx ON rule_evaluation_queue (pod_id);
