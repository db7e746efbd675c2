import type { GeocodeResult } from '@greenpod/contracts';
import { Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import { fieldError } from '../../../components/form/field-error';
import { useGeocode } from './geocode-api';
import classes from './location-place.module.css';

/** The address search of the location form: UK addresses only (docs/domain.md#the-map). */
export function AddressSearch({ onPick }: { onPick: (hit: GeocodeResult) => void }) {
  const [q, setQ] = useState('');
  const geocode = useGeocode();
  const resultsId = useId();
  const search = () => {
    if (q.trim()) geocode.mutate(q.trim());
  };
  const hits = geocode.data ?? [];

  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          className={classes.grow}
          label="Search an address in the UK"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          // Enter searches here; it must not submit the location form around it.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search();
            }
          }}
          error={geocode.error ? fieldError(geocode.error.message, 'server') : undefined}
          aria-controls={resultsId}
        />
        <Button variant="default" onClick={search} loading={geocode.isPending}>
          Search
        </Button>
      </Group>
      <div id={resultsId} aria-live="polite">
        {geocode.isSuccess && hits.length === 0 && (
          <Text size="sm" c="dimmed">
            No address found in the UK.
          </Text>
        )}
        {hits.length > 0 && (
          <ul className={classes.hits}>
            {hits.map((hit) => (
              <li key={`${hit.latitude},${hit.longitude},${hit.label}`}>
                <UnstyledButton className={classes.hit} onClick={() => onPick(hit)}>
                  {hit.label}
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Stack>
  );
}
