-- The flood guard (docs/domain.md#notifications): past a client's alertLimit in an hour, notifications
-- are still stored (the episode history stays whole) but marked folded and counted into a summary.
ALTER TABLE notification ADD COLUMN folded boolean NOT NULL DEFAULT false;
CREATE INDEX notification_client_created_idx ON notification(client_id, created);
