-- The rule's limit when a notification was raised, so the notification can say what happened
-- ("Humidity 58 %, limit 60 %") even after the rule's threshold changes. Older notifications have none.
ALTER TABLE notification ADD COLUMN threshold double precision;
