import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from '../tabs';

const TABS = [
  { id: 'bids', label: 'Bids', content: <p>No bids yet</p> },
  { id: 'activity', label: 'Activity', content: <p>Minted by the creator</p> },
  { id: 'details', label: 'Details', content: <p>Token details</p> },
];

afterEach(() => {
  document.documentElement.dir = '';
});

function renderTabs(props: Partial<Parameters<typeof Tabs>[0]> = {}) {
  return render(<Tabs tabs={TABS} label="Item history" {...props} />);
}

describe('Tabs', () => {
  it('selects the first tab by default and wires tabs to panels', () => {
    renderTabs();
    expect(screen.getByRole('tablist', { name: 'Item history' })).toBeInTheDocument();
    const bids = screen.getByRole('tab', { name: 'Bids' });
    expect(bids).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Bids' });
    expect(bids).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('No bids yet');
    expect(screen.queryByText('Minted by the creator')).not.toBeVisible();
  });

  it('honours defaultTab', () => {
    renderTabs({ defaultTab: 'activity' });
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Minted by the creator');
  });

  it('keeps a single tab stop (roving tabindex)', () => {
    renderTabs();
    const [bids, activity, details] = screen.getAllByRole('tab');
    expect(bids).toHaveAttribute('tabindex', '0');
    expect(activity).toHaveAttribute('tabindex', '-1');
    expect(details).toHaveAttribute('tabindex', '-1');
  });

  it('selects on click and reports the change', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderTabs({ onChange });
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Minted by the creator');
    expect(onChange).toHaveBeenCalledWith('activity');
  });

  it('moves with ArrowRight/ArrowLeft (wrapping) and Home/End', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Bids' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    const activity = screen.getByRole('tab', { name: 'Activity' });
    expect(activity).toHaveFocus();
    expect(activity).toHaveAttribute('aria-selected', 'true');
    expect(activity).toHaveAttribute('tabindex', '0');

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Bids' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Bids' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No bids yet');
  });

  it('mirrors the arrows in right-to-left layouts', async () => {
    document.documentElement.dir = 'rtl';
    const user = userEvent.setup();
    renderTabs();
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Activity' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Bids' })).toHaveFocus();
  });

  it('moves Tab from the selected tab to its panel', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
