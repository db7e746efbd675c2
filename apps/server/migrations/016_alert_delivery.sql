-- Delivery of the rules engine's notifications (docs/domain.md#notifications).

-- When the rule last e-mailed about this pod (reading time): at most one mail per rule and pod per
-- cooldown.
ALTER TABLE rule_episode ADD COLUMN last_mail_at timestamptz;

-- Mails the engine decided to send, written in the same transaction as their notification: a crash
-- after the commit leaves them here and the next run sends them (at least once, never lost).
CREATE TABLE mail_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt timestamptz NOT NULL DEFAULT now(),
  created timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_queue_next_idx ON mail_queue(next_attempt);

-- The unread count and "mark all read" read a user's unread rows alone.
CREATE INDEX user_notification_unread_idx ON user_notification(user_id) WHERE NOT read;

-- Offline and online notifications have no rule: the step key must treat that empty rule as one value.
DROP INDEX notification_episode_step_idx;
CREATE UNIQUE INDEX notification_episode_step_idx ON notification(rule_id, pod_id, type, reading_at)
  NULLS NOT DISTINCT WHERE reading_at IS NOT NULL;
