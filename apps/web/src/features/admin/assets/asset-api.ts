import { assetFileUrl, type DataTableParams } from '@greenpod/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiFile, apiList, apiUpload } from '../../../lib/api-client';
import { type Row, resourceKey } from '../resource-api';

/** A row of the generic asset list (packages/contracts/src/resources/asset.ts), with the fields the screens read. */
export type AssetRow = Row & {
  groupId: number;
  clientId: number;
  title: string;
  extension: string;
  mime: string;
  clientTitle?: string;
};

/**
 * One client's images (or every image, without a client), newest first, a page at a time: "Load More" asks for
 * the next page and the gallery shows them all (docs/screens.md#asset).
 */
export const galleryQuery = (clientId: number | undefined, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: [...resourceKey('asset'), 'gallery', clientId ?? 'any', pageSize] as const,
    queryFn: ({ pageParam, signal }) => {
      const params: DataTableParams = {
        paging: pageSize,
        offset: pageParam,
        ...(clientId !== undefined ? { fetchParams: { clientId } } : {}),
      };
      return apiList<AssetRow>('asset', params, signal);
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return last.data.length > 0 && loaded < last.paging.total ? pages.length + 1 : undefined;
    },
  });

export interface UploadTarget {
  groupId: number;
  clientId: number;
}

/** POST /api/asset (multipart) with one file and its title; the fields go first, so the server reads them before the bytes. */
export async function uploadAsset(
  target: UploadTarget,
  file: File,
  title: string,
  onProgress: (fraction: number) => void,
): Promise<AssetRow[]> {
  const body = new FormData();
  body.append('groupId', String(target.groupId));
  body.append('clientId', String(target.clientId));
  body.append('title', title);
  body.append('assets[]', file, file.name);
  return (await apiUpload<{ data: AssetRow[] }>('/asset', body, { onProgress })).data;
}

// An asset's bytes never change under its id: fetched once, with the token (an <img> could not send it).
export const assetFileQuery = (id: number) => ({
  queryKey: ['asset-file', id] as const,
  queryFn: async () => (await apiFile(assetFileUrl(id).replace(/^\/api/, ''))).blob,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
