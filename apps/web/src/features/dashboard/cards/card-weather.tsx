import { Group, Text } from '@mantine/core';
import { IconCloud } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { weatherQuery } from '../dashboard-api';

/**
 * The weather at a card's location, when the server knows it. The card never waits for it and
 * shows no placeholder number: until it arrives, and when it is null, nothing is shown.
 */
export function CardWeather({ locationId }: { locationId: number }) {
  const { data } = useQuery(weatherQuery(locationId));
  if (!data) return null;
  const round = (n: number) => Math.round(n);
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      <IconCloud size={16} stroke={1.6} aria-hidden />
      <Text size="sm" truncate>
        <Text span fw={600}>
          {round(data.temperature)} °C
        </Text>{' '}
        {data.condition}
        {data.forecast && (
          <Text span c="dimmed" size="sm">
            {' '}
            · Tomorrow {data.forecast.condition}, {round(data.forecast.min)}–{round(data.forecast.max)} °C
          </Text>
        )}
      </Text>
    </Group>
  );
}
