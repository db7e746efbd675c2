import { ACCEPTED_FILE_NAMES, ASSET_MAX_BYTES } from '@greenpod/contracts';
import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useRef, useState } from 'react';

const ACCEPT = ACCEPTED_FILE_NAMES.join(',');
const LIMIT_MB = ASSET_MAX_BYTES / 1024 / 1024;

/**
 * Where images are dropped, or picked with the button (the keyboard's way in). The picker offers the accepted
 * names; whatever still arrives (a drop, the picker's "All files") is handed on for the caller to refuse with
 * the spec's message.
 */
export function AssetDropzone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const [over, setOver] = useState(false);
  // Cleared after each pick, so picking the same file again (after removing it) is seen as a change.
  const reset = useRef<() => void>(null);
  const onDragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <Paper
      p="xl"
      radius="md"
      data-testid="asset-dropzone"
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        border: `2px dashed ${over ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <IconUpload size={32} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text fw={500}>Drag images here</Text>
        <Text size="sm" c="dimmed" ta="center">
          {`${ACCEPTED_FILE_NAMES.join(', ')}, up to ${LIMIT_MB} MB each`}
        </Text>
        <FileButton
          resetRef={reset}
          onChange={(files) => {
            onFiles(files);
            reset.current?.();
          }}
          accept={ACCEPT}
          multiple
          disabled={disabled}
        >
          {(props) => (
            <Button {...props} variant="light" disabled={disabled}>
              Choose Files
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}
