import { money, type ReportAnswer, SCORE_PART_LABELS, savedText } from '@greenpod/contracts';
import { Card, Divider, Group, Rating, SimpleGrid, Stack, Text, Title } from '@mantine/core';

/**
 * What the period saved, per unit, with its +/- and its money (the claimed savings only, as the CSV's and the
 * PDF's savings totals), and the green score with its parts.
 */
export function ReportSummary({ report }: { report: ReportAnswer }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <SavingsTotals report={report} />
      <ScoreCard report={report} />
    </SimpleGrid>
  );
}

function SavingsTotals({ report }: { report: ReportAnswer }) {
  const { totals } = report.savings;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Saved in this period">
      <Title order={2} size="h4" mb="xs">
        Saved in this period
      </Title>
      {totals.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing claimed in this period: no saving here stands out from its uncertainty, or none was computed yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {totals.map((t) => (
            <div key={t.unit} data-testid={`saved-${t.unit}`}>
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {savedText(t)}
              </Text>
              {t.valueFlat !== null && (
                <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(t.valueFlat, report.currency)}
                </Text>
              )}
            </div>
          ))}
          <Text size="xs" c="dimmed">
            Claimed savings of the pods in this place, +/- at 90 % confidence; each pod's below.
          </Text>
        </Stack>
      )}
    </Card>
  );
}

function ScoreCard({ report }: { report: ReportAnswer }) {
  const { score } = report;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Green score">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          Green score
        </Title>
        {score.stars !== null && (
          <Rating value={score.stars} count={5} readOnly role="img" aria-label={`${score.stars} of 5 stars`} />
        )}
      </Group>
      {score.stars === null ? (
        <Text size="sm" c="dimmed" data-testid="score-na">
          N/A: {score.reason ?? 'no score for this place yet'}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {score.covers}
        </Text>
      )}
      <Stack gap={6} mt="xs">
        {score.parts.map((p) => (
          <div key={p.part}>
            <Divider mb={6} />
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
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
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {p.value} {p.unit}
                </Text>
              </Group>
            </Group>
            <Text size="xs" c="dimmed">
              {p.reference}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
