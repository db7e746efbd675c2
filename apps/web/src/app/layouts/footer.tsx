import { Text } from '@mantine/core';

export function Footer() {
  return (
    <Text size="sm" c="dimmed" ta="center" py="xs">
      © {new Date().getFullYear()} Greenpod
    </Text>
  );
}
