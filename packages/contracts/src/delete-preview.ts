import { z } from 'zod';

/** A kind of row and how many of them: "19216 measurements". */
export const rowCountSchema = z.object({ label: z.string(), count: z.number() });
export type RowCount = z.output<typeof rowCountSchema>;

/**
 * What deleting one record would do (docs/api.md#entities): the rows it owns that go with it, and the
 * rows that still depend on it and block it (then nothing is deleted).
 */
export const deletePreviewSchema = z.object({
  deletes: z.array(rowCountSchema),
  blockedBy: z.array(rowCountSchema),
});
export type DeletePreview = z.output<typeof deletePreviewSchema>;

/** How a list of row counts is read out: "19,216 measurements and 3 pod sensor links". */
export function describeRowCounts(rows: readonly RowCount[]): string {
  const parts = rows.map((r) => `${r.count.toLocaleString('en-US')} ${r.label}`);
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
