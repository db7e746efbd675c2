import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Dropdown } from '../../components/dropdown/dropdown';
import { ErrorAlert } from '../../components/form/error-alert';
import { InputField } from '../../components/form/input-field';
import { PasswordInput } from '../../components/form/password-input';
import { Pagination } from '../../components/pagination/pagination';
import { ProgressCard } from '../../components/progress-card';
import { StatusIcon } from '../../components/status-icon';
import { StoryboardChart } from './storyboard-chart';
import { StoryboardTables } from './storyboard-tables';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ value: String(i + 1), label: `Item ${i + 1}` }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={3}>{title}</Title>
      {children}
    </Stack>
  );
}

/** Developer page (docs/screens.md#storyboard): every shared widget in its states. */
export function StoryboardPage() {
  const [pages, setPages] = useState<Record<number, number>>({ 3: 2, 10: 1, 20: 10 });
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <Stack gap="xl">
      <Title order={2}>Storyboard</Title>
      <Section title="Data table">
        <StoryboardTables />
      </Section>
      <Section title="Time-series chart">
        <StoryboardChart />
      </Section>
      <Section title="Pagination">
        {Object.entries(pages).map(([count, page]) => (
          <Group key={count}>
            <Text w={120}>{count} pages</Text>
            <Pagination page={page} count={Number(count)} onChange={(p) => setPages({ ...pages, [count]: p })} />
          </Group>
        ))}
      </Section>
      <Section title="Dropdown">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Dropdown label="Short (no search)" items={items(3)} value={picked} onChange={setPicked} />
          <Dropdown label="Long (with search)" items={items(12)} value={picked} onChange={setPicked} />
          <Dropdown label="Empty" items={[]} value={null} onChange={setPicked} />
        </SimpleGrid>
      </Section>
      <Section title="Inputs and errors">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <InputField
            label="Local error"
            defaultValue=""
            fieldError="** This field is required, please fill it in **"
          />
          <InputField
            label="Server error"
            defaultValue="taken@example.com"
            fieldError={{ type: 'server', message: 'E-mail already in use' }}
          />
          <PasswordInput label="Password (toggle)" defaultValue="secret-password" />
        </SimpleGrid>
        <ErrorAlert error="An error occurred" />
        <ErrorAlert fieldErrors={{ email: ['E-mail already in use'], title: ['Too long'] }} />
        <ErrorAlert tone="warning" error="Please correct the highlighted fields." />
      </Section>
      <Section title="Status icons">
        <Group>
          <StatusIcon status="approved" /> <Text>approved</Text>
          <StatusIcon status="pending" /> <Text>pending</Text>
          <StatusIcon status="rejected" /> <Text>rejected</Text>
        </Group>
      </Section>
      <Section title="Progress cards">
        <Group>
          <ProgressCard title="Electricity" level="HIGH" saved={42} goal={50} unit="£" />
          <ProgressCard title="Water" level="MEDIUM" saved={20} goal={50} unit="£" />
          <ProgressCard title="Heating" level="LOW" saved={-5} goal={50} unit="£" />
        </Group>
      </Section>
    </Stack>
  );
}
