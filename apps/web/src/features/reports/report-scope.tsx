import { queryOptions } from '@tanstack/react-query';
import { Dropdown } from '../../components/dropdown/dropdown';
import { FilterBox, PlaceFilters, type PlaceFilterValue } from '../../components/place-filters/place-filters';
import { apiList } from '../../lib/api-client';

export interface ClientRow {
  id: number;
  title: string;
}

/** The clients the caller can see, by title: a report is of one client or a place within it. */
export const clientChoicesQuery = queryOptions({
  queryKey: ['place-choices', 'client'] as const,
  queryFn: async ({ signal }) =>
    (await apiList<ClientRow>('client', { paging: 1000, colKey: 'title', sortDirection: 'ASC' }, signal)).data,
  staleTime: 5 * 60_000,
});

/**
 * The report's place: "Client", then "All Locations" / "All Areas" / "All Pods" as on the dashboard (a parent's
 * change clears what is below it). With nothing chosen below the client, the report is the client's.
 */
export function ReportScope({
  place,
  clients,
  onPlace,
}: {
  place: PlaceFilterValue;
  clients: ClientRow[];
  onPlace(place: PlaceFilterValue): void;
}) {
  return (
    <PlaceFilters
      place={place}
      onPlace={(p) => onPlace({ ...p, clientId: place.clientId })}
      leading={
        <FilterBox>
          <Dropdown
            ariaLabel="Client"
            items={clients.map((c) => ({ value: String(c.id), label: c.title }))}
            value={place.clientId === undefined ? null : String(place.clientId)}
            onChange={(v) => onPlace({ clientId: Number(v) })}
          />
        </FilterBox>
      }
    />
  );
}
