-- Sign-in and reset attempts, counted in the database so every server instance shares them.
CREATE TABLE rate_limit (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_reset_idx ON rate_limit(reset_at);
