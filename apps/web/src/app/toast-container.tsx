import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, in a module of its own so it can load with the first toast (providers.tsx). */
export function ToastContainer() {
  return <Notifications position="top-right" />;
}
