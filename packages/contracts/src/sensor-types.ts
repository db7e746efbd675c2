/** The eight sensor kinds a pod can carry (docs/domain.md#hierarchy). */
export const SENSOR_TYPES = [
  'TEMPERATURE',
  'HUMIDITY',
  'BAROMETRIC',
  'LUMINESCENCE',
  'AIR_QUALITY',
  'WATER_FLOW',
  'ELECTRICITY',
  'MOTION',
] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

/** Gauge ranges (docs/domain.md#cards). */
export const SENSOR_RANGES: Record<SensorType, { min: number; max: number }> = {
  TEMPERATURE: { min: -40, max: 85 },
  HUMIDITY: { min: 0, max: 100 },
  BAROMETRIC: { min: 300, max: 1100 },
  LUMINESCENCE: { min: 0, max: 120 },
  AIR_QUALITY: { min: 0, max: 400 },
  WATER_FLOW: { min: 0, max: 30 },
  ELECTRICITY: { min: 0, max: 20 },
  MOTION: { min: 0, max: 1 },
};

export const SENSOR_UNITS: Record<SensorType, string> = {
  TEMPERATURE: '°C',
  HUMIDITY: '%',
  BAROMETRIC: 'hPA',
  LUMINESCENCE: 'kLux',
  AIR_QUALITY: 'IAQ',
  WATER_FLOW: 'L/h',
  ELECTRICITY: 'KW/h',
  MOTION: 'I/O',
};

export const SENSOR_LABELS: Record<SensorType, string> = {
  TEMPERATURE: 'Temperature',
  HUMIDITY: 'Humidity',
  BAROMETRIC: 'Barometric',
  LUMINESCENCE: 'Luminescence',
  AIR_QUALITY: 'Air Quality',
  WATER_FLOW: 'Water Flow',
  ELECTRICITY: 'Electricity',
  MOTION: 'Motion',
};
