import { shortFileName } from '@greenpod/contracts';
import { Box, Button, Group, Input, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { itemQuery } from '../resource-api';
import type { AssetRow } from './asset-api';
import { AssetGallery } from './asset-gallery';
import { AssetImage } from './asset-image';

export interface AssetPickerProps {
  label: string;
  name: string;
  /** The chosen asset's id, '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: ReactNode;
  required?: boolean;
  /**
   * The client whose images are offered: its id, '' while the form has none chosen (the picker waits), or
   * absent to offer every image (a user's picture).
   */
  clientId?: string;
}

/**
 * A form field holding an asset id, picked from the gallery (docs/screens.md#asset): the chosen image or
 * "None", "Choose" to open the gallery, "Clear" when the field may stay empty. Used wherever a field names an
 * asset (a configuration's logos and favicon, a user's picture).
 */
export function AssetPicker({ label, name, value, onChange, onBlur, error, required, clientId }: AssetPickerProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const labelId = useId();
  const id = value === '' ? undefined : Number(value);
  const waiting = clientId === '';
  const chosen = useQuery({ ...itemQuery('asset', value), enabled: id !== undefined });
  const row = chosen.data as AssetRow | undefined;

  const pick = (picked: AssetRow) => {
    onChange(String(picked.id));
    close();
    onBlur();
  };

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} withAsterisk={required} error={error}>
      <Group gap="md" mt={4} wrap="nowrap" role="group" aria-labelledby={labelId}>
        <Box
          w={72}
          h={48}
          style={{
            flexShrink: 0,
            border: '1px dashed var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
            overflow: 'hidden',
          }}
        >
          {id !== undefined ? (
            <AssetImage id={id} alt={row ? row.title : label} height={46} />
          ) : (
            <Text size="sm" c="dimmed" lh="46px" ta="center">
              None
            </Text>
          )}
        </Box>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {row && (
            <Text size="sm" truncate title={row.title}>
              {shortFileName(row.title)}
            </Text>
          )}
          {waiting && (
            <Text size="xs" c="dimmed">
              Select a client first
            </Text>
          )}
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              name={name}
              onClick={open}
              disabled={waiting}
              aria-label={`Choose ${label}`}
            >
              Choose
            </Button>
            {!required && id !== undefined && (
              <Button
                size="xs"
                variant="subtle"
                color="gray"
                onClick={() => {
                  onChange('');
                  onBlur();
                }}
                aria-label={`Clear ${label}`}
              >
                Clear
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title={`Choose ${label}`}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <AssetGallery
          clientId={clientId ? Number(clientId) : undefined}
          onPick={pick}
          selectedId={id}
          emptyHint={
            clientId
              ? 'This client has no images yet: upload them under Asset, Create Asset.'
              : 'No images yet: upload them under Asset, Create Asset.'
          }
        />
      </Modal>
    </Input.Wrapper>
  );
}
