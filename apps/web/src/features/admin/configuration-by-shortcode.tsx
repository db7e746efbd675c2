import { Anchor, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** A client's configuration addressed by shortcodes; the themed editor comes with the theme issue. */
export function ConfigurationByShortcode() {
  const { groupShortcode = '', clientShortcode = '' } = useParams();
  return (
    <PlaceholderPage title="Configuration">
      <Text>
        Configuration for group {groupShortcode}, client {clientShortcode}: this view is coming soon.
      </Text>
      <Anchor component={Link} to="/admin/configuration">
        All configurations
      </Anchor>
    </PlaceholderPage>
  );
}
