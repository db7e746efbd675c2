-- The pod's ingest key hashed the way Mosquitto checks passwords (PBKDF2-SHA512, "$7$" format), for the
-- password file Greenpod writes in MQTT_URL mode (ADR 0017). Made beside ingest_key_hash whenever a key
-- is made; pods whose key predates this column have none and need a rotation to use the broker.
ALTER TABLE pod ADD COLUMN broker_key_hash text;
