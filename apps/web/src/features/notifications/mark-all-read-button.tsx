import { Button } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';

interface MarkAllReadButtonProps {
  unreadCount: number;
  onClick: () => void;
  loading?: boolean;
}

/** "Mark all read", for the bell's panel and the notifications page; off when nothing is unread. */
export function MarkAllReadButton({ unreadCount, onClick, loading }: MarkAllReadButtonProps) {
  return (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<IconChecks size={16} aria-hidden />}
      disabled={unreadCount === 0}
      loading={loading}
      onClick={onClick}
    >
      Mark all read
    </Button>
  );
}
