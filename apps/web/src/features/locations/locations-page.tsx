import type { LocationMarker } from '@greenpod/contracts';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/types';
import { useTableUrlState } from '../../components/data-table/use-table-url-state';
import { LocationMarkerMap } from '../../components/location-map/location-marker-map';
import { locationMarkersQuery } from '../../components/location-map/location-markers-api';
import { StateIcon } from '../../components/location-map/location-pin';
import {
  LOCATION_STATE_TEXT,
  openAlertsText,
  stateColor,
  stateOf,
} from '../../components/location-map/location-states';
import { pageOfLocations, SEARCH_FIELDS, SORT_FIELDS } from './locations-table';

const DEFAULT_SORT = { key: 'title', direction: 'ASC' } as const;

const COLUMNS: readonly DataTableColumn<LocationMarker>[] = [
  {
    key: 'title',
    label: 'Title',
    sortable: true,
    render: (l) => (
      <Anchor component={Link} to={`/location/${l.id}`} fw={500}>
        {l.title}
      </Anchor>
    ),
  },
  { key: 'city', label: 'City', sortable: true, hideOnMobile: true },
  { key: 'country', label: 'Country', sortable: true, hideOnMobile: true },
  { key: 'state', label: 'State', sortable: true, render: (l) => <StateBadge location={l} /> },
];

/** The location's state said in words beside its glyph, with its open alerts. */
function StateBadge({ location }: { location: LocationMarker }) {
  const state = stateOf(location);
  const open = openAlertsText(location.openAlerts);
  return (
    <Group gap={6} style={{ rowGap: 2 }}>
      <Group gap={6} wrap="nowrap">
        <StateIcon state={state} size={18} />
        <Text size="sm">{LOCATION_STATE_TEXT[state]}</Text>
      </Group>
      {open && (
        <Badge color={stateColor(state)} variant="light" size="sm">
          {open}
        </Badge>
      )}
    </Group>
  );
}

/**
 * /locations (docs/screens.md#locations): the viewer's locations with how each stands now, in the data table's
 * Grid View (a row each) or Map View (a marker each); either opens the location's dashboard.
 */
export function LocationsPage() {
  const { state, setState, view, setView } = useTableUrlState(DEFAULT_SORT);
  const markers = useQuery(locationMarkersQuery());
  const page = pageOfLocations(markers.data ?? [], state);
  const searched = state.searchWord !== '';
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          LOCATION
        </Title>
        <Text c="dimmed">Your locations and how each stands now. Open one to see its dashboard.</Text>
      </Stack>
      {markers.isError && (
        <Alert color="red" variant="light" title="The locations could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void markers.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      <DataTable<LocationMarker>
        columns={COLUMNS}
        rows={page.rows}
        total={page.total}
        loading={markers.isPending}
        state={state}
        onStateChange={setState}
        searchFields={SEARCH_FIELDS}
        sortFields={SORT_FIELDS}
        getRowId={(l) => String(l.id)}
        // Title and State alone on a phone: they fit its width.
        minWidth={0}
        view={{ value: view, onChange: setView }}
        renderMap={(rows) => <LocationMarkerMap locations={rows} />}
        empty={
          markers.isError ? null : (
            <Stack align="center" gap={4} py="lg">
              <Text c="dimmed">No Data Found</Text>
              <Text size="sm" c="dimmed">
                {searched
                  ? 'No location matches this search: try another word.'
                  : 'No location is shared with you yet: ask your administrator to add you to one.'}
              </Text>
            </Stack>
          )
        }
      />
    </Stack>
  );
}
