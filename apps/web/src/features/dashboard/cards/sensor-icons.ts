import type { SensorType } from '@greenpod/contracts';
import {
  type Icon,
  IconBolt,
  IconDroplet,
  IconGauge,
  IconRipple,
  IconSun,
  IconTemperature,
  IconWalk,
  IconWind,
} from '@tabler/icons-react';

/** One icon per sensor kind, beside its name on a tile. */
export const SENSOR_ICONS: Record<SensorType, Icon> = {
  TEMPERATURE: IconTemperature,
  HUMIDITY: IconDroplet,
  BAROMETRIC: IconGauge,
  LUMINESCENCE: IconSun,
  AIR_QUALITY: IconWind,
  WATER_FLOW: IconRipple,
  ELECTRICITY: IconBolt,
  MOTION: IconWalk,
};
