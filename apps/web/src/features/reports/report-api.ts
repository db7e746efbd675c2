import { type ReportFormat, reportAnswer } from '@greenpod/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../lib/api-client';
import { REPORT_KEY } from '../../lib/query-client';

/** One report: the most specific place chosen (a client when nothing below it is) and whole days on `tz`. */
export interface ReportRequest {
  level: 'clientId' | 'locationId' | 'areaId' | 'podId';
  id: number;
  from: string;
  to: string;
  tz: string;
}

const queryOf = (r: ReportRequest, format: ReportFormat) => ({
  [r.level]: r.id,
  from: r.from,
  to: r.to,
  tz: r.tz,
  format,
});

/**
 * GET /api/report (docs/screens.md#reports): the figures of a place and period, checked against contracts'
 * reportAnswer, which the server's CSV and PDF are made from too.
 */
export const reportQuery = (r: ReportRequest) =>
  queryOptions({
    queryKey: [...REPORT_KEY, r] as const,
    queryFn: async ({ signal }) =>
      reportAnswer.parse((await apiRequest<{ data: unknown }>('/report', { signal, query: queryOf(r, 'json') })).data),
    // A closed period's figures change only when late readings or savings arrive.
    staleTime: 5 * 60_000,
    // Another period or place keeps the figures on screen until the answer replaces them (no flicker).
    placeholderData: keepPreviousData,
  });

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` first), or null. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/**
 * Fetches the server's CSV or PDF with the session's token (a plain link would carry none) and saves it under the
 * name the server gives. Errors carry the server's message, as every other call's do.
 */
export async function downloadReport(r: ReportRequest, format: Exclude<ReportFormat, 'json'>): Promise<string> {
  const file = await apiFile('/report', queryOf(r, format));
  const name = dispositionName(file.disposition) ?? `report-${r.from}-${r.to}.${format}`;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
