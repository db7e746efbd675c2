import { asset, MESSAGES, shortFileName, tooLargeMessage } from '@greenpod/contracts';
import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/form/error-alert';
import { ApiError } from '../../../lib/api-client';
import { RefSelect } from '../form/ref-select';
import { resourceKey } from '../resource-api';
import { uploadAsset } from './asset-api';
import { AssetDropzone } from './asset-dropzone';
import { AssetGallery } from './asset-gallery';
import { PendingFileCard } from './pending-file-card';
import { canUpload } from './pending-files';
import { usePendingFiles } from './use-pending-files';

const LIST_PATH = '/admin/asset';
type RefDef = Parameters<typeof RefSelect>[0]['def'];
const GROUP = asset.fields.groupId as RefDef;
const CLIENT = asset.fields.clientId as RefDef;
const LABELS: Record<string, string> = {
  groupId: GROUP.label,
  clientId: CLIENT.label,
  title: asset.fields.title?.label ?? 'File Title',
};

interface Failure {
  name: string;
  message: string;
}

/**
 * /admin/asset/create (docs/screens.md#asset): Group, then Client; images dropped or picked, each previewed with
 * a title; "Upload" sends them one by one, so each file succeeds or fails on its own: an uploaded file leaves the
 * list, a refused one stays with the server's reason. Below, the client's gallery.
 */
export function AssetCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [groupId, setGroupId] = useState('');
  const [clientId, setClientId] = useState('');
  const [touched, setTouched] = useState({ groupId: false, clientId: false });
  const { files, add, update, remove } = usePendingFiles();
  const [refusals, setRefusals] = useState<string[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [uploading, setUploading] = useState<{ at: number; of: number } | null>(null);
  const clientChosen = groupId !== '' && clientId !== '';
  const ready = canUpload(clientChosen, files) && uploading === null;

  const pick = (picked: File[]) => setRefusals(add(picked));

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ groupId: true, clientId: true });
    if (!ready) return;
    const target = { groupId: Number(groupId), clientId: Number(clientId) };
    const queue = files.filter((f) => f.status !== 'uploading');
    const failed: Failure[] = [];
    setFailures([]);
    setRefusals([]);
    for (const [index, item] of queue.entries()) {
      setUploading({ at: index + 1, of: queue.length });
      update(item.key, { status: 'uploading', progress: 0, error: undefined, fieldErrors: undefined });
      try {
        await uploadAsset(target, item.file, item.title.trim(), (progress) => update(item.key, { progress }));
        remove(item.key);
        void queryClient.invalidateQueries({ queryKey: resourceKey('asset') });
      } catch (failure) {
        const { message, fieldErrors } = describe(failure, item.file.name);
        update(item.key, { status: 'failed', error: message, fieldErrors });
        failed.push({ name: item.file.name, message });
      }
    }
    setUploading(null);
    setFailures(failed);
    const done = queue.length - failed.length;
    if (done > 0)
      notifications.show({
        color: 'green',
        message: done === 1 ? '1 image uploaded' : `${done} images uploaded`,
        // Mantine leaves the toast's close button unnamed (axe button-name).
        closeButtonProps: { 'aria-label': 'Close' },
      });
    if (failed.length > 0) window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const selectError = (key: 'groupId' | 'clientId', value: string) =>
    touched[key] && value === '' ? MESSAGES.required : undefined;

  return (
    <Stack maw={960}>
      <Title order={2}>{`Create ${asset.label}`}</Title>
      <ErrorAlert fieldErrors={Object.fromEntries(failures.map((f) => [shortFileName(f.name), [f.message]]))} />
      {refusals.length > 0 && (
        <Alert color="orange" variant="light" role="alert" icon={<IconAlertTriangle />}>
          <List size="sm">
            {refusals.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Paper withBorder p="lg" component="form" onSubmit={upload} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <RefSelect
              def={GROUP}
              name="groupId"
              value={groupId}
              onChange={(value) => {
                setGroupId(value);
                setClientId('');
              }}
              onBlur={() => setTouched((t) => ({ ...t, groupId: true }))}
              error={selectError('groupId', groupId)}
              required
            />
            <RefSelect
              def={CLIENT}
              name="clientId"
              value={clientId}
              onChange={setClientId}
              onBlur={() => setTouched((t) => ({ ...t, clientId: true }))}
              error={selectError('clientId', clientId)}
              required
              parent={{ key: 'groupId', value: groupId }}
            />
          </SimpleGrid>
          <AssetDropzone onFiles={pick} disabled={uploading !== null} />
          {files.length > 0 && (
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              {files.map((item) => (
                <PendingFileCard
                  key={item.key}
                  item={item}
                  locked={uploading !== null}
                  onTitle={(title) => update(item.key, { title })}
                  onRemove={() => remove(item.key)}
                />
              ))}
            </SimpleGrid>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite">
              {statusText(uploading, files.length, clientChosen)}
            </Text>
            <Group>
              <Button variant="default" onClick={() => navigate(LIST_PATH)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!ready} loading={uploading !== null}>
                Upload
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      <Title order={3} mt="md">
        Gallery
      </Title>
      {clientChosen ? (
        <AssetGallery clientId={Number(clientId)} emptyHint="This client has no images yet: upload one above." />
      ) : (
        <Text c="dimmed">Select a group and a client to see their images.</Text>
      )}
    </Stack>
  );
}

function statusText(uploading: { at: number; of: number } | null, count: number, clientChosen: boolean): string {
  if (uploading) return `Uploading ${uploading.at} of ${uploading.of}`;
  if (count === 0) return 'No files chosen';
  const files = count === 1 ? '1 file' : `${count} files`;
  return clientChosen ? `${files} ready to upload` : `${files} chosen: select a group and a client`;
}

/**
 * The server's reason for one file: its `error`, or where it names fields of the form (a client not under the
 * group, a title too long) those in words. `assets` repeats what `error` says about the file itself.
 */
function describe(failure: unknown, name: string): { message: string; fieldErrors?: Record<string, string[]> } {
  if (!(failure instanceof ApiError)) return { message: MESSAGES.genericError };
  // A proxy in front of the server may refuse a big body with a page of its own, not the server's JSON.
  if (failure.status === 413 && failure.message === MESSAGES.genericError) return { message: tooLargeMessage(name) };
  const fields = Object.entries(failure.validationErrors).filter(([f, m]) => f !== 'assets' && m.length > 0);
  const message =
    fields.length > 0 ? fields.map(([f, m]) => `${LABELS[f] ?? f}: ${m.join(' ')}`).join(' ') : failure.message;
  return { message, fieldErrors: failure.validationErrors };
}
