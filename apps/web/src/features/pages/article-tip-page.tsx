import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function ArticleTipPage() {
  return (
    <PlaceholderPage title="Tip">
      <Anchor component={Link} to="/tips">
        Back to tips
      </Anchor>
      This article is coming soon.
    </PlaceholderPage>
  );
}
