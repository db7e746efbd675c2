import { Group, NativeSelect, Text } from '@mantine/core';

interface PageSizeSelectProps {
  size: number;
  options: readonly number[];
  shown: number;
  total: number;
  /** The server stopped counting at `total` (a big list): shown as "10,000+". */
  totalIsLowerBound?: boolean;
  onChange: (size: number) => void;
}

/** Page-size dropdown with "Showing X of total" (X = rows on this page). */
export function PageSizeSelect({ size, options, shown, total, totalIsLowerBound, onChange }: PageSizeSelectProps) {
  return (
    <Group gap="xs">
      <NativeSelect
        aria-label="Rows per page"
        value={String(size)}
        data={options.map(String)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
        w={80}
      />
      <Text size="sm">
        Showing {shown} of {totalIsLowerBound ? `${total.toLocaleString('en')}+` : total}
      </Text>
    </Group>
  );
}
