import { Rating, Text, Tooltip } from '@mantine/core';

/** The green score: 5 stars, or N/A until savings exist (docs/domain.md: never a made-up number). */
export function CardScore({ score }: { score: number | null }) {
  if (score === null) {
    return (
      <Tooltip label="No score yet: it comes from the savings of the last 30 days" withArrow multiline w={220}>
        <Text size="sm" c="dimmed" tabIndex={0} aria-label="Score: N/A, no savings yet">
          N/A
        </Text>
      </Tooltip>
    );
  }
  return <Rating value={score} count={5} readOnly size="sm" aria-label={`Score: ${score} of 5 stars`} />;
}
