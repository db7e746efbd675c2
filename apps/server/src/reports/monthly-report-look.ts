import { DEFAULT_THEME } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import type { ReportLook } from './report-pdf';

/**
 * The PDF's look for a client's mailed report: its title and its active configuration's primary colour
 * (Greenpod's own without one). The logo is left out: a configuration names it by a link, and the job fetches
 * nothing from the network; the PDF writes the client's title in its place.
 */
export async function monthlyReportLook(db: Queryable, clientId: number): Promise<ReportLook> {
  const [row] = await db.query<{ title: string; colour: string | null }>(
    `SELECT c.title, cf.primary_action_color AS colour
     FROM client c LEFT JOIN configuration cf ON cf.client_id = c.id AND cf.active WHERE c.id = $1`,
    [clientId],
  );
  const colour = row?.colour && /^#[0-9a-f]{6}$/i.test(row.colour) ? row.colour : DEFAULT_THEME.primaryActionColor;
  return { clientTitle: row?.title ?? '', primaryColour: colour, logo: null };
}
