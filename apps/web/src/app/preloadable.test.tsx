import { render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

const Page = () => <p>the page</p>;
const inSuspense = (Component: ComponentType) => (
  <Suspense fallback={<p>loading</p>}>
    <Component />
  </Suspense>
);

describe('preloadable', () => {
  it('renders a component it has loaded at once, its fallback never shown', async () => {
    const Lazy = preloadable(async () => Page);
    await Lazy.preload();
    render(inSuspense(Lazy));
    expect(screen.getByText('the page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('shows the fallback until a component not loaded yet is in, as React.lazy does', async () => {
    const Lazy = preloadable(async () => Page);
    render(inSuspense(Lazy));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('loads once however often it is asked, and again after a failure', async () => {
    let loads = 0;
    const Lazy = preloadable(async () => {
      loads++;
      if (loads === 1) throw new Error('offline');
      return Page;
    });
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    expect(loads).toBe(2);
  });
});
