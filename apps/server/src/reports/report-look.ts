import { readFile } from 'node:fs/promises';
import { DEFAULT_THEME } from '@greenpod/contracts';
import { storedPath } from '../asset-files';
import type { Queryable } from '../db/database';
import type { ReportLook } from './report-pdf';

/**
 * What the PDF takes from the client's configuration (docs/domain.md#reports): its title, primary colour (else
 * Greenpod's) and primary logo, an asset read from ASSET_DIR (docs/domain.md#assets) and used only when it is
 * PNG or JPEG (what the PDF writer draws); else, or when its file is missing, the title is written.
 */
export async function reportLook(db: Queryable, clientId: number, assetDir: string): Promise<ReportLook> {
  const [row] = await db.query<{ title: string; colour: string | null; extension: string | null; path: string | null }>(
    `SELECT c.title, cf.primary_action_color AS colour, a.extension, a.path
     FROM client c
     LEFT JOIN configuration cf ON cf.client_id = c.id AND cf.active
     LEFT JOIN asset a ON a.id = cf.primary_logo
     WHERE c.id = $1`,
    [clientId],
  );
  const colour = row?.colour && /^#[0-9a-f]{6}$/i.test(row.colour) ? row.colour : DEFAULT_THEME.primaryActionColor;
  const file = row?.extension === 'png' || row?.extension === 'jpg' ? storedPath(assetDir, row.path) : null;
  const logo = file ? await readFile(file).catch(() => null) : null;
  return { clientTitle: row?.title ?? '', primaryColour: colour, logo };
}
