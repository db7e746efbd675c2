import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';

export type Status = 'approved' | 'pending' | 'rejected';

const ICONS = {
  approved: { Icon: IconCircleCheck, color: 'var(--mantine-color-green-7)', label: 'Approved' },
  pending: { Icon: IconClockHour4, color: 'var(--mantine-color-orange-6)', label: 'Pending' },
  rejected: { Icon: IconCircleX, color: 'var(--mantine-color-red-7)', label: 'Rejected' },
} as const;

/** Verification, transaction, agreement and onboarded columns (docs/screens.md#data-table). */
export function StatusIcon({ status, size = 20 }: { status: Status; size?: number }) {
  const { Icon, color, label } = ICONS[status];
  return <Icon size={size} color={color} aria-label={label} role="img" />;
}
