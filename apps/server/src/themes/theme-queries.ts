import { assetFileUrl, columnName, THEME_FIELDS, type Theme } from '@greenpod/contracts';
import type { Queryable } from '../db/database';

const IMAGE_FIELDS = ['primaryLogo', 'secondaryLogo', 'favicon'] as const;

const THEME_SQL = [...THEME_FIELDS, ...IMAGE_FIELDS].map((f) => `c.${columnName(f)} AS "${f}"`).join(', ');

type ThemeRow = Omit<Theme, (typeof IMAGE_FIELDS)[number]> & Record<(typeof IMAGE_FIELDS)[number], number | null>;

/** Logos and the favicon name assets by id; a page loads them from their file's URL (docs/domain.md#assets). */
function withImageUrls(row: ThemeRow): Theme {
  const url = (id: number | null) => (id === null ? null : assetFileUrl(id));
  return {
    ...row,
    primaryLogo: url(row.primaryLogo),
    secondaryLogo: url(row.secondaryLogo),
    favicon: url(row.favicon),
  };
}

/**
 * The active theme of a client named by its group's and its own shortcodes: undefined when no such
 * client exists, null when it has no active configuration (the caller shows the default).
 */
export async function clientTheme(
  db: Queryable,
  groupShortcode: string,
  clientShortcode: string,
): Promise<Theme | null | undefined> {
  const [client] = await db.query<{ id: number }>(
    'SELECT c.id FROM client c JOIN app_group g ON g.id = c.group_id WHERE g.shortcode = $1 AND c.shortcode = $2',
    [groupShortcode, clientShortcode],
  );
  if (!client) return undefined;
  const [theme] = await db.query<ThemeRow>(
    `SELECT ${THEME_SQL} FROM configuration c WHERE c.client_id = $1 AND c.active`,
    [client.id],
  );
  return theme ? withImageUrls(theme) : null;
}

/** The active theme bound to a role, or null when it has none. */
export async function roleTheme(db: Queryable, roleId: number): Promise<Theme | null> {
  const [theme] = await db.query<ThemeRow>(
    `SELECT ${THEME_SQL} FROM configuration_role cr JOIN configuration c ON c.id = cr.configuration_id
     WHERE cr.role_id = $1 AND c.active`,
    [roleId],
  );
  return theme ? withImageUrls(theme) : null;
}
