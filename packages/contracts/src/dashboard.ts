import { z } from 'zod';
import { CITIES, CONDITIONS } from './choices';

/**
 * The dashboard's answers (docs/api.md#dashboards): the stat-all cards, the weather on a location's
 * card and the chart's series. Server and web share these schemas: the routes answer through them,
 * the web reads them.
 */

/** A UTC wire time, `yyyy-MM-dd HH:mm:ss`. */
const wireTime = z.string();

/** A card's mean reading of one sensor type over the window. */
export const cardReadingSchema = z.object({
  sensorType: z.string(),
  /** The mean of every reading of the card's visible pods, as the pods sent them. */
  avg: z.number(),
  /** The mean voltage of the pods behind those readings (it turns electricity into kW). */
  voltage: z.number(),
});
export type CardReading = z.infer<typeof cardReadingSchema>;

/** A rule's limit on a card's sensor type, for the gauge's state. */
export const cardLimitSchema = z.object({
  sensorType: z.string(),
  condition: z.enum(CONDITIONS),
  threshold: z.number(),
});
export type CardLimit = z.infer<typeof cardLimitSchema>;

/** One card of GET /api/stat-all (and its live twin): a location, an area or a pod. */
export const dashboardCardSchema = z.object({
  id: z.number(),
  title: z.string(),
  podTitle: z.string().optional(),
  areaTitle: z.string().optional(),
  locationTitle: z.string().optional(),
  areaCount: z.number(),
  podCount: z.number(),
  /** Visible pods of the card declared offline (docs/domain.md#notifications); 0 while every pod reports. */
  offlinePodCount: z.number(),
  /**
   * The stored green score (docs/domain.md#green-score), 1..5 stars; null shows as N/A, never a made-up number,
   * with `scoreReason` saying why (null while no score has been computed for the card yet).
   */
  score: z.number().nullable(),
  scoreReason: z.string().nullable(),
  readings: z.array(cardReadingSchema),
  notificationMargin: z.number(),
  limits: z.array(cardLimitSchema),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

/** What a card shows about the weather at a location's city (GET /api/weather): now, and tomorrow's outlook. */
export const weatherSchema = z.object({
  city: z.enum(CITIES),
  /** °C, one decimal. */
  temperature: z.number(),
  condition: z.string(),
  forecast: z.object({ condition: z.string(), min: z.number(), max: z.number() }).nullable(),
});
export type Weather = z.infer<typeof weatherSchema>;

/** GET /api/graph's data: per sensor type, [mean, bucket start] pairs, at most 500 (docs/domain.md#charts). */
export const graphDataSchema = z.record(z.string(), z.array(z.tuple([z.number(), wireTime])));
export type GraphData = z.infer<typeof graphDataSchema>;
