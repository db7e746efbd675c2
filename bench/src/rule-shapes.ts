import type { SensorType } from '@greenpod/contracts';

/**
 * What the rules watch, by sensor type, cycled over the rules: one each that the load's values (0 to 49)
 * cross now and then, never reach, and keep breaching. Every threshold passes its type's check.
 */
export const RULE_SHAPES: Record<SensorType, readonly (readonly [string, number])[]> = {
  TEMPERATURE: [
    ['greater', 45],
    ['greater', 90],
    ['smaller', 5],
  ],
  HUMIDITY: [
    ['greater', 45],
    ['greater', 90],
    ['smaller', 5],
  ],
  BAROMETRIC: [
    ['smaller', 900],
    ['greater', 1000],
    ['smaller', 870],
  ],
  LUMINESCENCE: [
    ['greater', 45],
    ['greater', 900],
    ['smaller', 5],
  ],
  AIR_QUALITY: [
    ['greater', 45],
    ['greater', 400],
    ['smaller', 5],
  ],
  WATER_FLOW: [
    ['greater', 45],
    ['greater', 500],
    ['smaller', 5],
  ],
  ELECTRICITY: [
    ['greater', 45],
    ['greater', 5000],
    ['smaller', 5],
  ],
  MOTION: [
    ['greater', 0],
    ['equal', 1],
    ['smaller', 1],
  ],
};
