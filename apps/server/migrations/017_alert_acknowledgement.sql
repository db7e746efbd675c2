-- Acknowledging an exceeded alert (docs/domain.md#rules): who acknowledged which episode of a rule on a
-- pod. The episode is named by its start as the rules engine keeps it (rule_episode.state, episode
-- .startedAt, milliseconds since 1970), so an acknowledgement shows only while that episode lasts and a
-- new episode of the same rule and pod starts unacknowledged. The first acknowledgement of an episode
-- stands; rows of ended episodes stay as a record.
CREATE TABLE alert_acknowledgement (
  rule_id integer NOT NULL REFERENCES rule(id) ON DELETE CASCADE,
  pod_id integer NOT NULL REFERENCES pod(id) ON DELETE CASCADE,
  episode_started_at bigint NOT NULL,
  -- A deleted user leaves the acknowledgement standing, without a name.
  user_id integer REFERENCES app_user(id) ON DELETE SET NULL,
  created timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, pod_id, episode_started_at)
);
CREATE INDEX alert_acknowledgement_user_idx ON alert_acknowledgement(user_id);
