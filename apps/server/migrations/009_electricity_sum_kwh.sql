-- electricitySum was sum x voltage / 1000 / 12, twelve times too small: a reading is the ampere-hours
-- of its 5-minute interval, so kWh = sum x voltage / 1000 (aggregates/energy.ts). Every row was
-- written by the old formula from the same sum and voltage, so x12 is exactly the row the new one
-- writes (rows are never updated after they are generated).
UPDATE aggregated_data SET electricity_sum = electricity_sum * 12 WHERE electricity_sum IS NOT NULL;
