import type { COUNTRIES } from '@greenpod/contracts';

/**
 * National grid emission factors, kg CO2e per kWh of electricity, by the location's country
 * (docs/domain.md#grid-factors: the same table with the reasoning). A configuration's `gridFactor` overrides them.
 * A country without a published figure we could name has none: its emissions are N/A until one is configured.
 */
export interface GridFactor {
  factor: number;
  /** Publisher, publication and year, as the report prints it. */
  source: string;
}

const DESNZ_2024: GridFactor = {
  factor: 0.20705,
  source: 'UK Government GHG conversion factors for company reporting 2024 (DESNZ), UK electricity generated',
};

export const GRID_FACTORS: Record<(typeof COUNTRIES)[number], GridFactor | null> = {
  UK: DESNZ_2024,
  // Scotland is on the one GB grid: the UK factor.
  Scotland: DESNZ_2024,
  Greece: { factor: 0.337, source: 'Ember, Yearly Electricity Data 2023 (carbon intensity of generation), Greece' },
  Ireland: { factor: 0.291, source: 'Ember, Yearly Electricity Data 2023 (carbon intensity of generation), Ireland' },
  Portugal: {
    factor: 0.086,
    source: 'ERSE and REN via APREN, 2023 specific CO2 emissions of national electricity generation, Portugal',
  },
  UAE: null,
};

export const CONFIGURED_FACTOR_SOURCE = "the client's configuration";

/** The factor of a location's country, or null with the reason the report prints. */
export function countryFactor(country: string): GridFactor | { factor: null; source: string } {
  const known = (GRID_FACTORS as Record<string, GridFactor | null>)[country];
  return known ?? { factor: null, source: `No published grid factor for ${country}: set one in the configuration` };
}
