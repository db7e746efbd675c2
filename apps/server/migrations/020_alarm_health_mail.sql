-- The weekly alarm-health mail (docs/domain.md#alarm-health): one row per week mailed, taken in the
-- transaction that queues the mails, so each week is mailed once whatever the number of instances.
CREATE TABLE alarm_health_mail (
  week date PRIMARY KEY,
  sent timestamptz NOT NULL DEFAULT now()
);
