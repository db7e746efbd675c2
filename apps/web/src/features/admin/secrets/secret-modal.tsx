import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

interface SecretModalProps {
  opened: boolean;
  title: string;
  /** Kept while the modal fades out after Done, so its content does not blank mid-transition. */
  secret: string;
  note: string;
  onDone: () => void;
}

/** Shows a secret the server hands out once (a pod's ingest key), with a Copy button. */
export function SecretModal({ opened, title, secret, note, onDone }: SecretModalProps) {
  // Copying needs a secure context; elsewhere the key stays selectable by hand.
  const canCopy = typeof navigator !== 'undefined' && !!navigator.clipboard;
  return (
    <Modal
      opened={opened}
      onClose={onDone}
      title={title}
      centered
      // The key is never shown again: a stray click outside must not lose it.
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Stack>
        <Code block aria-label={title} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Text size="sm">{note}</Text>
        <Group justify="flex-end">
          {canCopy && (
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          )}
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
