import type { ResourceName } from '@greenpod/contracts';
import type { ReactNode } from 'react';
import { LocationRowsMap } from '../../../components/location-map/location-rows-map';
import type { Row } from '../resource-api';

/**
 * Lists that offer the data table's Grid View / Map View toggle (docs/screens.md#admin-lists), keyed by resource
 * name: how Map View draws a page of rows.
 */
export const LIST_MAP_VIEWS: Partial<Record<ResourceName, (rows: readonly Row[]) => ReactNode>> = {
  location: (rows) => <LocationRowsMap ids={rows.map((r) => r.id)} />,
};
