-- Optional, beyond the specs (docs/domain.md#rules): how long the condition must hold before the rule
-- fires, and the level a value must pass for an exceeded rule to return to normal (hysteresis).
ALTER TABLE rule ADD COLUMN delay_minutes integer CHECK (delay_minutes BETWEEN 0 AND 1440);
ALTER TABLE rule ADD COLUMN clear_level double precision;
