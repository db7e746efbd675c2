-- A claim of the rules engine takes every queued row of the pairs it picks, not only the picked rows
-- (alerts/rule-worker.ts): one evaluation reads all of a pair's new readings, so a pair queued by sixty
-- batches while the engine was behind costs one evaluation, not sixty (docs/performance.md#a-pod-once-a-claim).
CREATE INDEX rule_evaluation_queue_pair_idx ON rule_evaluation_queue (pod_id, sensor_type);
