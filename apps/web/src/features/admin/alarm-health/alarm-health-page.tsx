import type { AlarmHealth } from '@greenpod/contracts';
import {
  Alert,
  Anchor,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/form/error-alert';
import { useTimeZone } from '../../../lib/preferences';
import { useAlarmHealth } from './alarm-health-api';

dayjs.extend(utc);
dayjs.extend(timezone);

const PERIODS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];
// docs/domain.md#alarm-health: about one per ten minutes is manageable; ten in ten minutes is a flood.
const VERDICTS: Record<AlarmHealth['verdict'], { color: string; title: string; text: string }> = {
  manageable: {
    color: 'green',
    title: 'Manageable',
    text: 'Fewer than one notification per ten minutes on average, and no flood.',
  },
  busy: {
    color: 'yellow',
    title: 'Busy',
    text: 'More than one notification per ten minutes on average: the noisiest rules below are the place to start.',
  },
  flooded: {
    color: 'red',
    title: 'Flooded',
    text: 'At least one ten-minute window held ten or more notifications of one client.',
  },
};

/** /admin/alarm-health: how noisy the alarms have been (docs/screens.md#alarm-health). */
export function AlarmHealthPage() {
  const [days, setDays] = useState('7');
  const zone = useTimeZone();
  const health = useAlarmHealth(Number(days), zone);
  const at = (wire: string) => dayjs.utc(wire).tz(zone).format('D MMM YYYY, HH:mm');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Alarm Health
        </Title>
        <SegmentedControl data={PERIODS} value={days} onChange={setDays} aria-label="Period" />
      </Group>
      {health.isError ? (
        <ErrorAlert title="The report could not be loaded" error={health.error.message} />
      ) : !health.data ? (
        <Stack gap="sm" role="status" aria-label="Loading the report">
          <Skeleton h={70} />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <Report health={health.data} at={at} />
      )}
    </Stack>
  );
}

function Report({ health: h, at }: { health: AlarmHealth; at: (wire: string) => string }) {
  const verdict = VERDICTS[h.verdict];
  const max = Math.max(1, ...h.perDay.map((d) => d.alerts + d.warnings + d.other));
  return (
    <>
      <Alert color={verdict.color} title={verdict.title}>
        {verdict.text} From {h.from} to {h.to} ({h.timeZone}).
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label="Notifications" value={h.total.toLocaleString()} />
        <Stat label="Per ten minutes" value={h.perTenMinutes.toString()} />
        <Stat
          label="Busiest ten minutes"
          value={h.busiest ? `${h.busiest.count}` : '0'}
          hint={h.busiest ? at(h.busiest.start) : undefined}
        />
        <Stat label="Folded by the flood guard" value={h.folded.toLocaleString()} />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="per-day">
        <Title order={2} size="h4" id="per-day" mb="sm">
          Per day
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                <Table.Th ta="right">Alerts</Table.Th>
                <Table.Th ta="right">Warnings</Table.Th>
                <Table.Th ta="right">Other</Table.Th>
                <Table.Th w="40%">
                  <span aria-hidden>Share</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {h.perDay.map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Td>{d.day}</Table.Td>
                  <Table.Td ta="right">{d.alerts}</Table.Td>
                  <Table.Td ta="right">{d.warnings}</Table.Td>
                  <Table.Td ta="right">{d.other}</Table.Td>
                  <Table.Td aria-hidden>
                    <Progress.Root size="lg">
                      <Progress.Section value={(d.alerts / max) * 100} color="red" />
                      <Progress.Section value={(d.warnings / max) * 100} color="yellow" />
                      <Progress.Section value={(d.other / max) * 100} color="gray" />
                    </Progress.Root>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="noisiest">
          <Title order={2} size="h4" id="noisiest" mb="sm">
            Noisiest rules
          </Title>
          {h.noisiestRules.length === 0 ? (
            <Text c="dimmed">No rule raised a notification in this period.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rule</Table.Th>
                  <Table.Th>Pod</Table.Th>
                  <Table.Th ta="right">Notifications</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.noisiestRules.map((r) => (
                  <Table.Tr key={`${r.ruleId}-${r.podTitle}`}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/rule/update/${r.ruleId}`}>
                        {r.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{r.podTitle}</Table.Td>
                    <Table.Td ta="right">{r.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="floods">
          <Title order={2} size="h4" id="floods" mb="sm">
            Floods
          </Title>
          {h.floods.length === 0 ? (
            <Text c="dimmed">No flood: no ten minutes held ten or more notifications of one client.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ten minutes from</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th ta="right">Notifications</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.floods.map((f) => (
                  <Table.Tr key={`${f.start}-${f.clientTitle}`}>
                    <Table.Td>{at(f.start)}</Table.Td>
                    <Table.Td>{f.clientTitle}</Table.Td>
                    <Table.Td ta="right">{f.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>
    </>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
