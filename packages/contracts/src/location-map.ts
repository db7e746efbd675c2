import { z } from 'zod';
import { ALERT_STATUSES } from './alert-cards';

/**
 * The locations a caller sees, with where they are and how they stand (docs/api.md#location-markers): the
 * Map View's markers and the /locations page's rows. Server and web share this schema.
 */
export const locationMarkerSchema = z.object({
  id: z.number(),
  title: z.string(),
  city: z.string(),
  country: z.string(),
  /** Where the location was placed on the map; null when it never was (it cannot be a marker). */
  point: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  /**
   * The worst status of the alert cards of its pods (docs/domain.md#rules): exceeded, close or ok; null when
   * no card has anything to judge (no rule, or no reading of a rule's sensor).
   */
  state: z.enum(ALERT_STATUSES).nullable(),
  /** Its alert cards that are exceeded now (open alerts), and those close to their limit. */
  openAlerts: z.number(),
  closeAlerts: z.number(),
});
export type LocationMarker = z.infer<typeof locationMarkerSchema>;

export const locationMarkersSchema = z.array(locationMarkerSchema);
