import { type ReportAnswer, reportPeriodProblem } from '@greenpod/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SavingsCharts } from '../../components/savings-charts/savings-charts';
import { PeriodPicker } from './period-picker';
import { type ReportRequest, reportQuery } from './report-api';
import { ReportDownloads } from './report-downloads';
import { ReportFigures } from './report-figures';
import { clientChoicesQuery, ReportScope } from './report-scope';
import { ReportSummary } from './report-summary';
import { ReportTables } from './report-tables';
import { type ReportView, useReportView } from './use-report-view';

/** The most specific place chosen, as the API names it; none without a client to fall back on. */
function requestOf(view: ReportView, clientId: number | undefined, tz: string): ReportRequest | null {
  const { from, to } = view.period;
  if (view.podId !== undefined) return { level: 'podId', id: view.podId, from, to, tz };
  if (view.areaId !== undefined) return { level: 'areaId', id: view.areaId, from, to, tz };
  if (view.locationId !== undefined) return { level: 'locationId', id: view.locationId, from, to, tz };
  if (clientId !== undefined) return { level: 'clientId', id: clientId, from, to, tz };
  return null;
}

/**
 * /reports (docs/screens.md#reports): a place's month, quarter, year or two dates on one screen, what was used and
 * what it cost against what it should have used and against last year, and the CSV and PDF the server makes of it.
 */
export function ReportsPage() {
  const { view, change, today, tz } = useReportView();
  const clients = useQuery(clientChoicesQuery);
  // A link naming a location needs no client; otherwise the first client the caller sees is the report's.
  const clientId = view.clientId ?? (view.locationId === undefined ? clients.data?.[0]?.id : undefined);
  const problem = reportPeriodProblem(view.period.from, view.period.to, today);
  const request = problem ? null : requestOf(view, clientId, tz);
  const report = useQuery({
    ...reportQuery(request ?? { level: 'clientId', id: 0, from: '', to: '', tz }),
    enabled: request !== null,
  });
  const data = request ? report.data : undefined;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Reports
        </Title>
        <Text c="dimmed">
          A place's use, cost and emissions over a period, against what it was expected to use and against last year.
        </Text>
      </Stack>
      <ReportScope
        place={{ clientId, locationId: view.locationId, areaId: view.areaId, podId: view.podId }}
        clients={clients.data ?? []}
        onPlace={(p) => change(p)}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <PeriodPicker period={view.period} today={today} problem={problem} onPeriod={(period) => change({ period })} />
        <ReportDownloads request={data ? request : null} />
      </Group>
      {clients.isSuccess && clients.data.length === 0 && clientId === undefined ? (
        <Empty
          title="No place to report on yet."
          line="Reports cover the places your role can see; ask an administrator for access."
        />
      ) : problem ? (
        <Text size="sm" c="dimmed">
          Choose a period that has ended to see its report.
        </Text>
      ) : report.isError && !data ? (
        <Alert color="red" variant="light" title="The report could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{report.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void report.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : data === undefined ? (
        <Loading />
      ) : (
        <Loaded report={data} />
      )}
    </Stack>
  );
}

function Empty({ title, line }: { title: string; line: string }) {
  return (
    <Stack align="center" gap={4} py="xl" data-testid="report-empty">
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" ta="center">
        {line}
      </Text>
    </Stack>
  );
}

/** Skeletons in the shape of the report: four tiles, two cards, a chart. */
function Loading() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the report">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={150} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton height={160} radius="md" />
        <Skeleton height={160} radius="md" />
      </SimpleGrid>
      <Skeleton height={340} radius="md" />
    </Stack>
  );
}

function Loaded({ report }: { report: ReportAnswer }) {
  const { totals } = report;
  const nothingMeasured = totals.electricityKwh === null && totals.waterLitres === null;
  return (
    <>
      <Text fw={600} data-testid="report-heading">
        {report.scope.path} · {report.period.label}
        <Text span c="dimmed" fw={400} size="sm">
          {' '}
          ({report.period.days === 1 ? '1 day' : `${report.period.days} days`}, {report.period.timeZone})
        </Text>
      </Text>
      {report.completeness.length === 0 ? (
        <Empty
          title="This place has no pods: there is nothing to report."
          line="Choose another place, or add pods to this one in the administration."
        />
      ) : (
        <>
          {nothingMeasured && (
            <Card withBorder radius="md" padding="md" data-testid="nothing-measured">
              <Text fw={600}>No readings in this period.</Text>
              <Text size="sm" c="dimmed">
                The pods of this place sent nothing between these dates: try another period.
              </Text>
            </Card>
          )}
          <ReportFigures report={report} />
          <ReportSummary report={report} />
          <SavingsCharts chart={report.daily} />
          <ReportTables report={report} />
        </>
      )}
    </>
  );
}
