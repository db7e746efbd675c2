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

/** A pair's swatch, ratio and verdict, and under them the colours when the app changed them. */
function PairCell({ pair, target, colors }: { pair: ContrastPair; target: number; colors?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Swatch pair={pair} />
      <Stack gap={0}>
        {pair.ratio === null ? (
          <Text size="sm">Not a colour</Text>
        ) : (
          <Group gap={4}>
            <Text size="sm" data-testid="ratio">
              {ratioText(pair.ratio)}
            </Text>
            {pair.passes ? (
              <Text span size="sm" c="green" className={classes.verdict}>
                <IconCheck size={14} aria-hidden />
                Pass
              </Text>
            ) : (
              <Text span size="sm" c="red" className={classes.verdict} title={`WCAG AA asks ${ratioText(target)}`}>
                <IconX size={14} aria-hidden />
                Fail
              </Text>
            )}
          </Group>
        )}
        {colors && (
          <Text size="xs" c="dimmed" data-testid="adjusted">
            {pair.color} on {pair.on}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** Each pair as chosen and as the app shows it, with the colours the app moved it to (docs/domain.md#themes). */
export function ContrastTable({ rows, caption }: { rows: ContrastRow[]; caption: string }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing={6} fz="sm" className={classes.table}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Pair</Table.Th>
          <Table.Th scope="col">Chosen</Table.Th>
          <Table.Th scope="col">In the app</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} data-testid={`contrast-${row.key}`}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            <Table.Td>
              <PairCell pair={row.chosen} target={row.target} />
            </Table.Td>
            <Table.Td>
              {row.adjusted ? (
                <PairCell pair={row.used} target={row.target} colors />
              ) : (
                <Text size="sm" c="dimmed">
                  Unchanged
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
