import { type ReportAnswer, type ReportTable, reportTables } from '@greenpod/contracts';
import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { cellText, isNumberColumn } from './report-text';

/** The tables the screen lists below the charts, in this order; the summary and the days are drawn above. */
const SHOWN: ReportTable['id'][] = ['savings', 'completeness', 'cost', 'notifications', 'rules', 'empty-use'];
/** Narrow tables share a row on a wide screen. */
const NARROW: ReportTable['id'][] = ['cost', 'notifications', 'rules', 'empty-use'];

/** Wide tables keep readable columns and scroll inside their box on a phone rather than squeeze. */
const MIN_WIDTH: Partial<Record<ReportTable['id'], number>> = { savings: 1200, completeness: 560 };

const EMPTY: Partial<Record<ReportTable['id'], string>> = {
  savings:
    'No saving was computed for this period: savings are computed after each month closes, for pods with a tariff.',
  completeness: 'No pod in this place.',
  notifications: 'No notification in this period.',
  rules: 'No rule raised a notification in this period.',
};

/**
 * The report's tables as contracts' reportTables() defines them for the CSV and the PDF too, so the three show
 * the same rows; a wide one scrolls inside its own box, never the page.
 */
export function ReportTables({ report }: { report: ReportAnswer }) {
  const tables = reportTables(report);
  const byId = (id: ReportTable['id']) => tables.find((t) => t.id === id);
  const wide = SHOWN.filter((id) => !NARROW.includes(id));
  return (
    <Stack gap="md">
      {wide.map((id) => {
        const t = byId(id);
        return t && <ReportTableCard key={id} table={t} currency={report.currency} />;
      })}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {NARROW.map((id) => {
          const t = byId(id);
          return (
            t && (
              <ReportTableCard
                key={id}
                table={t}
                currency={report.currency}
                note={id === 'empty-use' ? report.emptyUse.note : null}
              />
            )
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** Figures and short words stay on one line; the last column of a wide table (a reason, in words) wraps. */
function cellStyle(table: ReportTable, column: number) {
  const last = column === table.header.length - 1;
  return MIN_WIDTH[table.id] !== undefined && last && !isNumberColumn(table.id, column)
    ? { minWidth: 260 }
    : { whiteSpace: 'nowrap' as const };
}

function ReportTableCard({ table, currency, note }: { table: ReportTable; currency: string; note?: string | null }) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="xs" id={headingId}>
        {table.title}
      </Title>
      {table.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {EMPTY[table.id] ?? 'Nothing in this period.'}
        </Text>
      ) : (
        // A region of its own that the keyboard can reach, so a table wider than a phone scrolls inside it.
        <section
          aria-label={`${table.title} table`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          style={{ overflowX: 'auto', maxWidth: '100%' }}
        >
          <Table striped fz="sm" miw={MIN_WIDTH[table.id]} style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Table.Thead>
              <Table.Tr>
                {table.header.map((h, i) => (
                  <Table.Th
                    key={h}
                    ta={isNumberColumn(table.id, i) ? 'right' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, r) => (
                // Rows have no id of their own; their order is the answer's and never changes in place.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={r}>
                  {row.map((cell, c) => (
                    <Table.Td
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                      key={c}
                      ta={isNumberColumn(table.id, c) ? 'right' : undefined}
                      style={cellStyle(table, c)}
                    >
                      {cellText(table.id, c, cell, currency)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
      {MIN_WIDTH[table.id] !== undefined && table.rows.length > 0 && (
        <Text size="xs" c="dimmed" mt={4} hiddenFrom="lg">
          The table scrolls sideways for its other columns.
        </Text>
      )}
      {note && (
        <Text size="xs" c="dimmed" mt="xs">
          {note}
        </Text>
      )}
    </Card>
  );
}
