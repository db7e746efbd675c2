import { configuration } from '@greenpod/contracts';
import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/form/error-alert';
import { ResourceFormPage } from '../form/resource-form-page';
import { clientConfigurationQuery } from './configuration-lookup';

/**
 * A client's configuration addressed by shortcodes (docs/screens.md#configuration): its editor when it has
 * one, a create form with its group and client chosen when it has none.
 */
export function ConfigurationByShortcode() {
  const { groupShortcode = '', clientShortcode = '' } = useParams();
  const found = useQuery(clientConfigurationQuery(groupShortcode, clientShortcode));

  if (found.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading">
        <Loader />
      </Center>
    );
  }
  if (found.isError) return <ErrorAlert error={found.error.message} />;
  const place = found.data;
  if (!place) {
    return (
      <Stack gap="sm">
        <Title order={2}>Configuration not found</Title>
        <Text>
          No client has the group shortcode "{groupShortcode}" and the client shortcode "{clientShortcode}".
        </Text>
        <Anchor component={Link} to="/admin/configuration">
          All configurations
        </Anchor>
      </Stack>
    );
  }
  if (place.configurationId !== null) {
    const id = String(place.configurationId);
    return <ResourceFormPage key={id} resource={configuration} mode="update" id={id} />;
  }
  return (
    <ResourceFormPage
      key={`create-${place.clientId}`}
      resource={configuration}
      mode="create"
      preset={{ groupId: String(place.groupId), clientId: String(place.clientId) }}
    />
  );
}
