import { SENSOR_LABELS } from '@greenpod/contracts';
import { SemiCircleProgress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { STATE_COLORS } from '../../../lib/sensor-values';
import { STATE_LABELS, type Tile } from './card-values';
import { SENSOR_ICONS } from './sensor-icons';
import classes from './sensor-tile.module.css';

/** One sensor of a card: its name, the half-circle gauge with its icon, the value large and its unit small. */
export function SensorTile({ tile }: { tile: Tile }) {
  const Icon = SENSOR_ICONS[tile.sensorType];
  const label = SENSOR_LABELS[tile.sensorType];
  const missing = tile.value === null;
  // Neutral (no rule judges the value) and N/A dials take a grey that reads in both schemes.
  const color = tile.state && !missing ? STATE_COLORS[tile.state] : 'var(--tile-neutral)';
  const status = tile.state && !missing ? `, ${STATE_LABELS[tile.state]}` : '';
  const moved = useMoved(tile.text);
  return (
    <Stack
      gap={0}
      align="center"
      className={classes.tile}
      data-state={missing ? 'missing' : (tile.state ?? 'none')}
      data-missing={missing || undefined}
      role="group"
      aria-label={`${label}: ${missing ? 'N/A' : `${tile.text} ${tile.unit}`}${status}`}
    >
      <Text className={classes.name} c="dimmed">
        {label}
      </Text>
      <SemiCircleProgress
        value={tile.percent}
        size={64}
        thickness={6}
        filledSegmentColor={color}
        emptySegmentColor="var(--tile-empty)"
        transitionDuration={250}
        label={<Icon size={14} stroke={1.6} className={classes.icon} />}
        labelPosition="bottom"
        className={classes.gauge}
        aria-hidden
      />
      <Text className={classes.value} c={missing ? 'dimmed' : undefined} data-moved={moved || undefined}>
        {tile.text}
        {!missing && (
          <Text span className={classes.unit} c="dimmed">
            {tile.unit}
          </Text>
        )}
      </Text>
      {tile.voltage !== null && (
        <Text size="xs" c="dimmed" lh={1.2}>
          {tile.voltage} V
        </Text>
      )}
    </Stack>
  );
}

const HIGHLIGHT_MS = 1_200;

/** True for a moment after the shown value changes (a live reading moved it), never on first show. */
function useMoved(text: string): boolean {
  const first = useRef(text);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    if (text === first.current) return;
    first.current = text;
    setMoved(true);
    const timer = setTimeout(() => setMoved(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return moved;
}
