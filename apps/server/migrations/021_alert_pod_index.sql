-- The rules worker finds the rules an Alert row binds to a pod by the pod (alerts/rule-worker.ts).
CREATE INDEX alert_pod_idx ON alert(pod_id);
