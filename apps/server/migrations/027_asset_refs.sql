-- Logos and the favicon name one of the client's uploaded images by id (docs/domain.md#assets). They were free
-- text that no screen could fill; a value that is not the id of an asset of the same client is dropped, so the
-- theme falls back to Greenpod's artwork instead of pointing anywhere.
UPDATE configuration c SET primary_logo = NULL
WHERE primary_logo IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM asset a WHERE a.id::text = c.primary_logo AND a.client_id = c.client_id);
UPDATE configuration c SET secondary_logo = NULL
WHERE secondary_logo IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM asset a WHERE a.id::text = c.secondary_logo AND a.client_id = c.client_id);
UPDATE configuration c SET favicon = NULL
WHERE favicon IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM asset a WHERE a.id::text = c.favicon AND a.client_id = c.client_id);

ALTER TABLE configuration
  ALTER COLUMN primary_logo TYPE integer USING primary_logo::integer,
  ALTER COLUMN secondary_logo TYPE integer USING secondary_logo::integer,
  ALTER COLUMN favicon TYPE integer USING favicon::integer,
  ADD CONSTRAINT configuration_primary_logo_fk FOREIGN KEY (primary_logo) REFERENCES asset(id),
  ADD CONSTRAINT configuration_secondary_logo_fk FOREIGN KEY (secondary_logo) REFERENCES asset(id),
  ADD CONSTRAINT configuration_favicon_fk FOREIGN KEY (favicon) REFERENCES asset(id);

-- The bytes each file holds, summed per client against its quota.
ALTER TABLE asset ADD COLUMN size_bytes bigint NOT NULL DEFAULT 0;
