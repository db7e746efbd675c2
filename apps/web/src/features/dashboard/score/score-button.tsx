import { SCORE_PART_LABELS, type ScoreAnswer, type ScoreLevel } from '@greenpod/contracts';
import {
  Alert,
  Anchor,
  Divider,
  Group,
  Loader,
  Popover,
  Rating,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { scoreQuery, tipsHref } from './score-api';

export const NO_SCORE_YET = 'No score yet: it is computed every 15 minutes';

export interface ScoreButtonProps {
  level: ScoreLevel;
  id: number;
  /** The stars the card already carries; null shows N/A with `reason`. */
  score: number | null;
  reason: string | null;
  size?: 'sm' | 'md';
}

/**
 * The green score (docs/domain.md#green-score): its stars as a button opening the parts, fetched when it
 * opens; or N/A in secondary text with a tooltip saying why (never a made-up number).
 */
export function ScoreButton({ level, id, score, reason, size = 'sm' }: ScoreButtonProps) {
  const [opened, setOpened] = useState(false);
  if (score === null) {
    const why = reason ?? NO_SCORE_YET;
    // A button opening the reason, not a hover tooltip: a phone has no hover, and the reason is the answer.
    return (
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        shadow="md"
        width={260}
        withArrow
        withinPortal
      >
        <Popover.Target>
          <UnstyledButton onClick={() => setOpened((o) => !o)} aria-label={`Score: N/A. ${why}`}>
            <Text size={size} c="dimmed" component="span" td="underline dotted">
              N/A
            </Text>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-label="Why there is no green score">
          <Text size="sm">{why}</Text>
        </Popover.Dropdown>
      </Popover>
    );
  }
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      width={340}
      withArrow
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-label={`Score: ${score} of 5 stars. Show how it is made`}
          style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'inline-flex', lineHeight: 0 }}
        >
          <Rating value={score} count={5} readOnly size={size} aria-hidden />
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label="Green score, last 30 days">
        {opened && <ScoreParts level={level} id={id} />}
      </Popover.Dropdown>
    </Popover>
  );
}

/** The popover's content: each part with its stars, figure, reference, next star (with its tips) and note. */
function ScoreParts({ level, id }: { level: ScoreLevel; id: number }) {
  const score = useQuery(scoreQuery(level, id));
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Green score, last 30 days
      </Title>
      {score.isPending ? (
        <Group gap="xs" role="status" aria-label="Loading the score">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        </Group>
      ) : score.isError ? (
        <Alert color="red" variant="light" p="xs">
          {score.error.message}
        </Alert>
      ) : (
        <ScoreBody answer={score.data} />
      )}
    </Stack>
  );
}

/** A note several parts share (the same missing motion sensor) is said once, after the parts, naming them. */
function sharedNotes(parts: ScoreAnswer['parts']): { note: string; parts: string[] }[] {
  const byNote = new Map<string, string[]>();
  for (const p of parts) if (p.note) byNote.set(p.note, [...(byNote.get(p.note) ?? []), SCORE_PART_LABELS[p.part]]);
  return [...byNote].filter(([, names]) => names.length > 1).map(([note, names]) => ({ note, parts: names }));
}

function PartNote({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <IconInfoCircle size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

function ScoreBody({ answer }: { answer: ScoreAnswer }) {
  const shared = sharedNotes(answer.parts);
  const isShared = (note: string | null) => shared.some((s) => s.note === note);
  return (
    <>
      {answer.stars === null ? (
        <Text size="sm" c="dimmed">
          N/A: {answer.reason}
        </Text>
      ) : (
        <Text size="sm">
          {answer.stars} of 5 stars: the rounded mean of {answer.parts.length === 1 ? 'its part' : 'its parts'}
          {answer.completeness !== null && `; readings ${Math.floor(answer.completeness * 100)} % complete`}.
        </Text>
      )}
      {answer.parts.map((p) => (
        <Stack key={p.part} gap={2} component="section" aria-label={SCORE_PART_LABELS[p.part]}>
          <Divider />
          <Group justify="space-between" gap="xs" wrap="nowrap" mt={4}>
            <Text fw={600} size="sm">
              {SCORE_PART_LABELS[p.part]}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Rating
                value={p.stars}
                count={5}
                readOnly
                size="xs"
                role="img"
                aria-label={`${SCORE_PART_LABELS[p.part]}: ${p.stars} of 5 stars`}
              />
              <Text size="sm" fw={600}>
                {p.value} {p.unit}
              </Text>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {p.reference}
          </Text>
          {p.next && (
            <Text size="xs">
              Next star: {p.next}.{' '}
              <Anchor component={Link} to={tipsHref(p.tipTags)} size="xs">
                Tips that help
              </Anchor>
            </Text>
          )}
          {p.note && !isShared(p.note) && <PartNote>{p.note}</PartNote>}
        </Stack>
      ))}
      {shared.map((s) => (
        <Stack key={s.note} gap={2}>
          <Divider />
          <PartNote>
            {s.parts.join(' and ')}: {s.note}
          </PartNote>
        </Stack>
      ))}
    </>
  );
}

/** A client's score beside its page's title: read at once (the heading shows its stars). */
export function ClientScore({ clientId }: { clientId: number }) {
  const score = useQuery(scoreQuery('client', clientId));
  if (!score.data) return null;
  return <ScoreButton level="client" id={clientId} score={score.data.stars} reason={score.data.reason} size="md" />;
}
