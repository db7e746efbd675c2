import { ASSET_PAGE_SIZES, MESSAGES, shortFileName } from '@greenpod/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type AssetRow, galleryQuery } from './asset-api';
import { AssetImage } from './asset-image';

const THUMB = 120;

interface AssetGalleryProps {
  /** Only this client's images; every image when absent. */
  clientId?: number;
  /** Makes each image a button that picks it (the gallery picker). */
  onPick?: (row: AssetRow) => void;
  selectedId?: number;
  /** One line under "No Data Found" on what to do. */
  emptyHint: string;
}

/** Uploaded images, newest first, a page at a time with "Load More" (2, 4 or 6 a page; docs/screens.md#asset). */
export function AssetGallery({ clientId, onPick, selectedId, emptyHint }: AssetGalleryProps) {
  const [pageSize, setPageSize] = useState<number>(ASSET_PAGE_SIZES[0]);
  const gallery = useInfiniteQuery(galleryQuery(clientId, pageSize));
  const rows = gallery.data?.pages.flatMap((page) => page.data) ?? [];
  const total = gallery.data?.pages.at(-1)?.paging.total ?? 0;

  return (
    <Stack gap="sm">
      {(gallery.isPending || total > 0) && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {gallery.isPending ? 'Loading images...' : `Showing ${rows.length} of ${total}`}
          </Text>
          <NativeSelect
            label="Images per page"
            size="xs"
            w={140}
            value={String(pageSize)}
            data={ASSET_PAGE_SIZES.map(String)}
            onChange={(e) => setPageSize(Number(e.currentTarget.value))}
          />
        </Group>
      )}
      {gallery.isError ? (
        <Alert color="red" variant="light" role="alert">
          {gallery.error instanceof Error ? gallery.error.message : MESSAGES.genericError}
        </Alert>
      ) : gallery.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} aria-busy>
          {Array.from({ length: pageSize }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
            <Skeleton key={i} h={THUMB + 48} radius="md" />
          ))}
        </SimpleGrid>
      ) : rows.length === 0 ? (
        <EmptyState icon={<IconPhoto />} withIndicatorBackground title={MESSAGES.noData} description={emptyHint} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
          {rows.map((row) => (
            <GalleryItem key={row.id} row={row} onPick={onPick} selected={row.id === selectedId} />
          ))}
        </SimpleGrid>
      )}
      {gallery.hasNextPage && (
        <Center>
          <Button variant="default" onClick={() => gallery.fetchNextPage()} loading={gallery.isFetchingNextPage}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}

function GalleryItem({
  row,
  onPick,
  selected,
}: {
  row: AssetRow;
  onPick?: (row: AssetRow) => void;
  selected: boolean;
}) {
  const card = (
    <Card
      withBorder
      padding="xs"
      radius="md"
      h="100%"
      style={selected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <AssetImage id={row.id} alt="" height={THUMB} />
      <Group gap={6} mt="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={500} truncate title={row.title}>
          {shortFileName(row.title)}
        </Text>
        <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
          {row.extension}
        </Badge>
      </Group>
    </Card>
  );
  if (!onPick) return card;
  return (
    <UnstyledButton w="100%" h="100%" aria-pressed={selected} onClick={() => onPick(row)} title={row.title}>
      {card}
    </UnstyledButton>
  );
}
