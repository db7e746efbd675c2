import type { DataTableParams } from '@greenpod/contracts';
import { apiList } from '../../../lib/api-client';
import { SHORTCODE } from '../../../lib/shortcodes';
import { type Row, resourceKey } from '../resource-api';

/** A client named by its group's and its own shortcodes, and its configuration if it has one. */
export interface ClientConfiguration {
  groupId: number;
  clientId: number;
  configurationId: number | null;
}

const first = async (name: string, fetchParams: DataTableParams['fetchParams'], signal: AbortSignal) =>
  (await apiList<Row>(name, { paging: 1, fetchParams }, signal)).data[0];

/**
 * Which configuration `/admin/configuration/:groupShortcode/:clientShortcode` opens (docs/screens.md#configuration):
 * null when no client has these shortcodes (a malformed one is not asked about).
 */
export async function findClientConfiguration(
  groupShortcode: string,
  clientShortcode: string,
  signal: AbortSignal,
): Promise<ClientConfiguration | null> {
  if (!SHORTCODE.test(groupShortcode) || !SHORTCODE.test(clientShortcode)) return null;
  const group = await first('group', { shortcode: groupShortcode }, signal);
  if (!group) return null;
  const client = await first('client', { shortcode: clientShortcode, groupId: group.id }, signal);
  if (!client) return null;
  const configuration = await first('configuration', { clientId: client.id }, signal);
  return { groupId: group.id, clientId: client.id, configurationId: configuration?.id ?? null };
}

// Under the configuration's key, so saving one (which refreshes that resource) asks again.
export const clientConfigurationQuery = (groupShortcode: string, clientShortcode: string) => ({
  queryKey: [...resourceKey('configuration'), 'by-shortcodes', groupShortcode, clientShortcode] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => findClientConfiguration(groupShortcode, clientShortcode, signal),
});
