import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { DEFAULT_THEME } from '@greenpod/contracts';
import type { Queryable } from '../db/database';
import type { ReportLook } from './report-pdf';

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * What the PDF takes from the client's configuration (docs/domain.md#reports): its title, primary colour (else
 * Greenpod's) and logo. The logo is used only when `primary_logo` names one of the client's assets (by id, path or
 * title) whose file exists under the data folder and is PNG or JPEG by its bytes; else the title is written.
 */
export async function reportLook(db: Queryable, clientId: number, dataDir: string): Promise<ReportLook> {
  const [row] = await db.query<{ title: string; colour: string | null; logo: string | null }>(
    `SELECT c.title, cf.primary_action_color AS colour, cf.primary_logo AS logo
     FROM client c LEFT JOIN configuration cf ON cf.client_id = c.id AND cf.active WHERE c.id = $1`,
    [clientId],
  );
  const colour = row?.colour && /^#[0-9a-f]{6}$/i.test(row.colour) ? row.colour : DEFAULT_THEME.primaryActionColor;
  return { clientTitle: row?.title ?? '', primaryColour: colour, logo: await logoOf(db, clientId, row?.logo, dataDir) };
}

async function logoOf(db: Queryable, clientId: number, name: string | null | undefined, dataDir: string) {
  if (!name) return null;
  const [asset] = await db.query<{ path: string }>(
    `SELECT path FROM asset WHERE client_id = $1 AND (id::text = $2 OR path = $2 OR title = $2) ORDER BY id LIMIT 1`,
    [clientId, name],
  );
  if (!asset) return null;
  const file = isAbsolute(asset.path) ? asset.path : join(dataDir, 'assets', asset.path);
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  return startsWith(bytes, PNG) || startsWith(bytes, JPEG) ? bytes : null;
}
