// useApplyAppearance keeps <html>'s data-theme and dir in step with the stores (docs/product.md
// "Theme", "LTR/RTL switch"), and writes only what changed: Chromium restyles the whole page
// on any write of dir, even of the value it already has.
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDirectionStore, useThemeStore } from '../appearance-store';
import { useApplyAppearance } from '../use-appearance';

function Apply() {
  useApplyAppearance();
  return null;
}

function attributeWrites(): { records: () => string[]; stop: () => void } {
  const seen: string[] = [];
  const observer = new MutationObserver((list) => {
    for (const record of list) seen.push(record.attributeName ?? '');
  });
  observer.observe(document.documentElement, { attributes: true });
  return {
    records: () => [...seen, ...observer.takeRecords().map((r) => r.attributeName ?? '')],
    stop: () => observer.disconnect(),
  };
}

describe('useApplyAppearance', () => {
  beforeEach(() => {
    localStorage.clear();
    useThemeStore.setState({ choice: null });
    useDirectionStore.setState({ dir: 'ltr' });
  });
  afterEach(() => {
    document.documentElement.removeAttribute('dir');
    delete document.documentElement.dataset.theme;
  });

  it('sets the route default theme and the direction on <html>', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Apply />
      </MemoryRouter>,
    );
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('writes nothing when <html> already has them, then only what a switch changes', () => {
    document.documentElement.dataset.theme = 'dark';
    document.documentElement.dir = 'ltr';
    const writes = attributeWrites();
    render(
      <MemoryRouter initialEntries={['/']}>
        <Apply />
      </MemoryRouter>,
    );
    expect(writes.records()).toEqual([]);
    act(() => useDirectionStore.getState().setDir('rtl'));
    expect(writes.records()).toEqual(['dir']);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    writes.stop();
  });
});
