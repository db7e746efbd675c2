import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { STATE_COLORS } from '../../lib/sensor-values';
import { TipReasons, TipTags, URGENCY_TEXT } from './tip-card';
import { tipQuery } from './tips-api';

const MAX_ID = 2_147_483_647;
/** The article's tip: `?id=12`; anything that is not an id is not found. */
function tipId(raw: string | null): number | null {
  const n = Number(raw);
  return raw !== null && /^\d+$/.test(raw) && n >= 1 && n <= MAX_ID ? n : null;
}

function BackToTips() {
  return (
    <Anchor component={Link} to="/tips" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Back to tips
      </Group>
    </Anchor>
  );
}

/** /articletip?id=12 (docs/screens.md#tips): one tip, why it matters now, and the way back to the list. */
export function ArticleTipPage() {
  const [params] = useSearchParams();
  const id = tipId(params.get('id'));
  return (
    <Stack gap="md" maw={760}>
      <BackToTips />
      {id === null ? <TipNotFound /> : <Article id={id} />}
    </Stack>
  );
}

function Article({ id }: { id: number }) {
  const tip = useQuery(tipQuery(id));
  if (tip.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading tip">
        <Skeleton height={28} width="60%" />
        <Skeleton height={14} width="30%" />
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="80%" />
      </Stack>
    );
  }
  if (tip.isError) {
    if (tip.error instanceof ApiError && tip.error.status === 404) return <TipNotFound />;
    return (
      <Alert color="red" variant="light" title="This tip could not be loaded">
        <Button size="xs" variant="light" color="red" onClick={() => void tip.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { data } = tip;
  return (
    <Stack gap="md" component="article" aria-labelledby="tip-title">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1} size="h2" id="tip-title">
            {data.title}
          </Title>
          {data.urgency && (
            <Badge color={STATE_COLORS[data.urgency]} variant="light">
              {URGENCY_TEXT[data.urgency]}
            </Badge>
          )}
        </Group>
        <Text c="dimmed">{data.locationTitle}</Text>
      </Stack>
      <TipReasons reasons={data.reasons} />
      <Text style={{ whiteSpace: 'pre-line' }}>{data.description}</Text>
      <TipTags tags={data.tags} />
    </Stack>
  );
}

function TipNotFound() {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        Tip not found
      </Title>
      <Text c="dimmed">This tip does not exist, is no longer active, or is not for your locations.</Text>
    </Stack>
  );
}
