import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadReport, type ReportRequest } from './report-api';

const FORMATS = [
  { format: 'csv', label: 'Download CSV', what: 'CSV' },
  { format: 'pdf', label: 'Download PDF', what: 'PDF' },
] as const;

/**
 * "Download CSV" and "Download PDF": the server's files of the report on screen (the same answer, so the same
 * figures), each button busy while its file comes, a toast when it fails.
 */
export function ReportDownloads({ request }: { request: ReportRequest | null }) {
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const download = async (format: 'csv' | 'pdf', what: string) => {
    if (!request) return;
    setBusy(format);
    try {
      await downloadReport(request, format);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: `The ${what} could not be downloaded`,
        message: e instanceof Error ? e.message : String(e),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="wrap" ml="auto">
      {FORMATS.map(({ format, label, what }) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={request === null || (busy !== null && busy !== format)}
          loading={busy === format}
          onClick={() => void download(format, what)}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
