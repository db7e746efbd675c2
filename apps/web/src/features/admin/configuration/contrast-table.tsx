import { Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type ContrastPair, type ContrastRow, ratioText } from './contrast-rows';
import classes from './contrast-table.module.css';

/** The two colours as a chip: the surface with a dot of the text colour on it (no text: it may be unreadable). */
function Swatch({ pair }: { pair: ContrastPair }) {
  return (
    <span className={classes.swatch} style={{ background: pair.on }} aria-hidden>
      <span className={classes.dot} style={{ background: pair.color }} />
    </span>
  );
}

function Verdict({ pair, target }: { pair: ContrastPair; target: number }) {
  if (pair.ratio === null) return <Text size="sm">Not a colour</Text>;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" data-testid="ratio">
        {ratioText(pair.ratio)}
      </Text>
      {pair.passes ? (
        <Text span size="sm" c="green" className={classes.verdict}>
          <IconCheck size={14} aria-hidden /> Passes
        </Text>
      ) : (
        <Text span size="sm" c="red" className={classes.verdict} title={`WCAG AA asks ${ratioText(target)}`}>
          <IconX size={14} aria-hidden /> Fails
        </Text>
      )}
    </Group>
  );
}

/** Each pair as chosen and as the app shows it, with the colour the app moved it to (docs/domain.md#themes). */
export function ContrastTable({ rows, caption }: { rows: ContrastRow[]; caption: string }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" className={classes.table}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Pair</Table.Th>
          <Table.Th scope="col">As chosen</Table.Th>
          <Table.Th scope="col">As the app shows it</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} data-testid={`contrast-${row.key}`}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            <Table.Td>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Swatch pair={row.chosen} />
                <Verdict pair={row.chosen} target={row.target} />
              </Group>
            </Table.Td>
            <Table.Td>
              {row.adjusted ? (
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <Swatch pair={row.used} />
                  <Stack gap={0}>
                    <Verdict pair={row.used} target={row.target} />
                    <Text size="xs" c="dimmed" ff="monospace" data-testid="adjusted">
                      {row.used.color} on {row.used.on}
                    </Text>
                  </Stack>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  As chosen
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
