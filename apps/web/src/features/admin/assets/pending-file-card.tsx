import { asset, shortFileName } from '@greenpod/contracts';
import { ActionIcon, Box, Card, Group, Image, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ERROR_COLORS, fieldError } from '../../../components/form/field-error';
import { ImagePlaceholder } from './asset-image';
import { type PendingFile, titleError } from './pending-files';

const TITLE_LABEL = asset.fields.title?.label ?? 'File Title';

interface PendingFileCardProps {
  item: PendingFile;
  /** While an upload runs nothing in the list changes. */
  locked: boolean;
  onTitle: (title: string) => void;
  onRemove: () => void;
}

/** One picked file: its preview, its name (cut to 30 characters), its title, and how its upload goes. */
export function PendingFileCard({ item, locked, onTitle, onRemove }: PendingFileCardProps) {
  const nameId = useId();
  const [touched, setTouched] = useState(false);
  // A file named like an image whose bytes are not one cannot be previewed (the server will refuse it).
  const [broken, setBroken] = useState(false);
  const localError = touched ? titleError(item.title) : null;
  const serverTitleError = item.fieldErrors?.title?.join(' ');
  const name = shortFileName(item.file.name);
  return (
    <Card withBorder padding="sm" radius="md" role="group" aria-labelledby={nameId}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box w={96} style={{ flexShrink: 0 }}>
          {broken ? (
            <ImagePlaceholder height={96} />
          ) : (
            <Image
              src={item.previewUrl}
              alt=""
              h={96}
              fit="scale-down"
              radius="sm"
              bg="var(--mantine-color-default-hover)"
              onError={() => setBroken(true)}
            />
          )}
        </Box>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text id={nameId} fw={500} size="sm" title={item.file.name} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onRemove}
              disabled={locked}
              aria-label={`Remove ${name}`}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <Text size="xs" c="dimmed">
            {formatSize(item.file.size)}
          </Text>
          <TextInput
            label={TITLE_LABEL}
            withAsterisk
            size="sm"
            value={item.title}
            disabled={locked}
            onChange={(e) => onTitle(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={localError ? fieldError(localError, 'local') : fieldError(serverTitleError, 'server')}
          />
          {item.status === 'uploading' && (
            <Progress value={Math.round(item.progress * 100)} animated aria-label={`Uploading ${name}`} mt={4} />
          )}
          {item.status === 'failed' && item.error && (
            <Text size="sm" role="alert" style={{ color: ERROR_COLORS.server }}>
              {item.error}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
