import { GRANULARITIES, RESOURCES } from '@greenpod/contracts';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

// The admin area is split off the first download: viewers never load it.
const AdminGuard = lazy(() => import('./admin-guard').then((m) => ({ default: m.AdminGuard })));
const ResourceListPage = lazy(() => import('./list/resource-list-page').then((m) => ({ default: m.ResourceListPage })));
const ResourceFormPage = lazy(() => import('./form/resource-form-page').then((m) => ({ default: m.ResourceFormPage })));
const AggregateDataPage = lazy(() =>
  import('./aggregates/aggregate-data-page').then((m) => ({ default: m.AggregateDataPage })),
);
const AlarmHealthPage = lazy(() =>
  import('./alarm-health/alarm-health-page').then((m) => ({ default: m.AlarmHealthPage })),
);
const ConfigurationByShortcode = lazy(() =>
  import('./configuration/configuration-by-shortcode').then((m) => ({ default: m.ConfigurationByShortcode })),
);
const AssetCreatePage = lazy(() => import('./assets/asset-create-page').then((m) => ({ default: m.AssetCreatePage })));
const CreateSavingsPage = lazy(() =>
  import('./savings/create-savings-page').then((m) => ({ default: m.CreateSavingsPage })),
);

/** /admin, then list, create and (when allowed) update routes for every resource in the registry. */
export const adminRoutes: RouteObject = {
  path: 'admin',
  element: <AdminGuard />,
  children: [
    { index: true, element: <PlaceholderPage title="Admin Dashboard" /> },
    ...RESOURCES.flatMap((resource): RouteObject[] => [
      { path: resource.name, element: <ResourceListPage key={resource.name} resource={resource} /> },
      ...(resource.verbs.includes('create')
        ? [
            {
              path: `${resource.name}/create`,
              element: <ResourceFormPage key={`${resource.name}-create`} resource={resource} mode="create" />,
            },
          ]
        : []),
      ...(resource.verbs.includes('update')
        ? [
            {
              path: `${resource.name}/update/:id`,
              element: <ResourceFormPage key={`${resource.name}-update`} resource={resource} mode="update" />,
            },
          ]
        : []),
    ]),
    ...GRANULARITIES.map((granularity) => ({
      path: `${granularity}-data`,
      element: <AggregateDataPage key={granularity} granularity={granularity} />,
    })),
    { path: 'configuration/:groupShortcode/:clientShortcode', element: <ConfigurationByShortcode /> },
    { path: 'alarm-health', element: <AlarmHealthPage /> },
    { path: 'savings/create', element: <CreateSavingsPage /> },
    { path: 'asset/create', element: <AssetCreatePage /> },
  ],
};
