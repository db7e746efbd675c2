import '@mantine/carousel/styles.css';
import type { SavingCard } from '@greenpod/contracts';
import { Carousel } from '@mantine/carousel';
import { Card, Rating, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { moneyText, placeText, savedText, sensorLabel } from './savings-text';

/**
 * viewer.md 2.7's speed of 500 ms. Embla has no milliseconds: `duration` is its own scroll-physics unit
 * (default 25, "higher is slower", about 20-60 in practice). 25 settles in roughly 400 ms, so 500 ms maps
 * to about 30.
 */
export const CAROUSEL_DURATION = 30;

/** The top savings (viewer.md 2.7): two slides at a time, one below 600 px, above the cards. */
export function SavingsCarousel({ cards }: { cards: SavingCard[] }) {
  const wide = useMediaQuery('(min-width: 600px)');
  if (cards.length === 0) return null;
  const controls = cards.length > (wide ? 2 : 1);
  return (
    <section aria-label="Top savings">
      <Title order={2} size="h4" mb="xs">
        Top savings
      </Title>
      <Carousel
        slideSize={wide ? '50%' : '100%'}
        slideGap="md"
        withIndicators={controls}
        withControls={controls}
        emblaOptions={{ align: 'start', duration: CAROUSEL_DURATION, slidesToScroll: 1 }}
        previousControlProps={{ 'aria-label': 'Previous savings' }}
        nextControlProps={{ 'aria-label': 'Next savings' }}
        pb={controls ? 'lg' : 0}
      >
        {cards.map((card) => (
          <Carousel.Slide key={`${card.podId}-${card.sensorType}`}>
            <Card
              withBorder
              radius="md"
              padding="md"
              // Room for the arrows, which sit over the slides' outer edges.
              px={controls ? 44 : 'md'}
              h="100%"
              bg="var(--mantine-primary-color-light)"
            >
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {placeText(card)} · {sensorLabel(card.sensorType)}
                </Text>
                <Text fw={700}>{savedText(card)}</Text>
                <Text size="sm">{moneyText(card)}</Text>
                <Rating
                  value={card.stars}
                  count={5}
                  readOnly
                  size="sm"
                  role="img"
                  aria-label={`${card.stars} of 5 stars`}
                />
              </Stack>
            </Card>
          </Carousel.Slide>
        ))}
      </Carousel>
    </section>
  );
}
