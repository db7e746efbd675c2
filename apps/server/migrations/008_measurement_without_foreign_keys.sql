-- Raw readings keep no foreign keys (docs/decisions/0015). Each key costs a lookup of the pod or sensor
-- row for every reading stored, about a fifth of the ingest statement (bench/ingest: 240,000 MQTT
-- readings at 24,300-25,800 readings/s with them, 29,500-32,200 without, back to back). What they
-- guarded still holds: only validated readings are written (ingest resolves the pod and its sensors,
-- the admin screen checks both refs); every stored reading also upserts its pod's rollup rows, whose
-- foreign keys still refuse to delete a pod with history (and lock the pod while a new row goes in);
-- deleting a pod or sensor first counts its readings and answers 409 (crud/repository.ts).
ALTER TABLE measurement DROP CONSTRAINT measurement_pod_id_fkey;
ALTER TABLE measurement DROP CONSTRAINT measurement_sensor_id_fkey;
