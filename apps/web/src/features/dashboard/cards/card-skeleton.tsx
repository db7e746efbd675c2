import { Card, Group, SimpleGrid, Skeleton } from '@mantine/core';

/** A card's outline while its numbers load: title, counts, eight tiles, footer. */
export function CardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden data-testid="card-skeleton">
      <Group justify="space-between" mb="sm">
        <Skeleton height={22} width="45%" />
        <Skeleton height={14} width="30%" />
      </Group>
      <SimpleGrid type="container" cols={{ base: 2, '260px': 3, '400px': 4 }} spacing={6} verticalSpacing={6}>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: eight identical placeholders that never reorder
          <Skeleton key={i} height={112} radius="sm" />
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Skeleton height={30} width={100} />
      </Group>
    </Card>
  );
}
