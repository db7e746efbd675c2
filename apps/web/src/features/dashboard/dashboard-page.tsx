import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { PlaceholderPage } from '../../components/placeholder-page';

/** docs/domain.md#hierarchy: group and client shortcodes are 12 URL-safe characters. */
const SHORTCODE = /^[A-Za-z0-9_-]{12}$/;

/** Dashboard by location, area, or group and client shortcodes; the cards come with the dashboard issue. */
export function DashboardPage({ title = 'Dashboard' }: { title?: string }) {
  const { location, area, groupShortcode, clientShortcode } = useParams();
  // Two free segments would swallow every unknown two-part path; only real shortcodes qualify.
  if (groupShortcode !== undefined && !(SHORTCODE.test(groupShortcode) && SHORTCODE.test(clientShortcode ?? ''))) {
    return <NotFoundPage />;
  }
  const scope = [
    location && `location ${location}`,
    area && `area ${area}`,
    groupShortcode && `group ${groupShortcode}, client ${clientShortcode}`,
  ].filter(Boolean);
  return (
    <PlaceholderPage title={title}>
      {scope.length > 0 && <Text>Scope: {scope.join(', ')}</Text>}
      <Text c="dimmed">The dashboard cards and charts are coming soon.</Text>
    </PlaceholderPage>
  );
}
