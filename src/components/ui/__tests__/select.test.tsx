import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { categoryOptions } from '@/data/sample/select-options';
import type { SelectOption } from '@/data/types';
import { Select } from '../select';

// The explore filter's categories and two more: eight options, more than the menu shows at once.
const CATEGORIES: SelectOption[] = [
  ...categoryOptions,
  { value: 'memes', label: 'Memes' },
  { value: 'games', label: 'Games' },
];

function Controlled({
  options = CATEGORIES,
  initial = null,
  onChange,
}: {
  options?: SelectOption[];
  initial?: string | null;
  onChange?: (value: string) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <form aria-label="Filters">
      <Select
        label="Categories"
        name="category"
        options={options}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
      <button type="button">After</button>
    </form>
  );
}

const combo = () => screen.getByRole('combobox', { name: 'Categories' });
const activeOption = () => {
  const id = combo().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('Select', () => {
  it('is a combobox named by its label, showing the "Select..." placeholder', () => {
    render(<Controlled />);
    expect(combo()).toHaveTextContent('Select...');
    expect(combo()).toHaveAttribute('aria-expanded', 'false');
    expect(combo()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens on click and selects an option with the pointer', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    await user.click(combo());
    expect(combo()).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Categories' });
    expect(listbox).toHaveStyle({ maxBlockSize: '300px' });
    await user.click(screen.getByRole('option', { name: 'Music' }));
    expect(onChange).toHaveBeenCalledWith('music');
    expect(combo()).toHaveTextContent('Music');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combo()).toHaveFocus();
  });

  it('carries the value in a hidden input for forms', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const form = screen.getByRole('form', { name: 'Filters' }) as HTMLFormElement;
    expect(new FormData(form).get('category')).toBe('');
    await user.click(combo());
    await user.click(screen.getByRole('option', { name: 'Sports' }));
    expect(new FormData(form).get('category')).toBe('sports');
  });

  it('opens with ArrowDown, moves with arrows and selects with Enter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    await user.tab();
    expect(combo()).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(combo()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBe('Art');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(activeOption()).toBe('Domain Names');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('domain');
    expect(combo()).toHaveAttribute('aria-expanded', 'false');
    expect(combo()).toHaveFocus();
    expect(combo()).toHaveTextContent('Domain Names');
  });

  it('opens on the selected option and marks it aria-selected', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="virtual" />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(activeOption()).toBe('Virtual World');
    expect(screen.getByRole('option', { name: 'Virtual World' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('option', { name: 'Art' })).toHaveAttribute('aria-selected', 'false');
  });

  it('opens with Space and selects with Space', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    await user.tab();
    await user.keyboard(' ');
    expect(combo()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown} ');
    expect(onChange).toHaveBeenCalledWith('domain');
    expect(combo()).toHaveAttribute('aria-expanded', 'false');
  });

  it('jumps with Home, End, PageDown and PageUp (by 5)', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.tab();
    await user.keyboard('{End}');
    expect(combo()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBe('Games');
    await user.keyboard('{Home}');
    expect(activeOption()).toBe('Art');
    await user.keyboard('{PageDown}');
    expect(activeOption()).toBe('Virtual World');
    await user.keyboard('{PageDown}');
    expect(activeOption()).toBe('Games');
    await user.keyboard('{PageUp}');
    expect(activeOption()).toBe('Music');
    await user.keyboard('{PageUp}');
    expect(activeOption()).toBe('Art');
  });

  it('closes on Escape without choosing and keeps focus', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Controlled onChange={onChange} />);
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(combo()).toHaveAttribute('aria-expanded', 'false');
    expect(combo()).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    expect(combo()).toHaveTextContent('Select...');
  });

  it('jumps to an option by typing its first letters', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('m');
    expect(activeOption()).toBe('Music');
    await user.keyboard('m');
    expect(activeOption()).toBe('Memes');
    await user.keyboard('m');
    expect(activeOption()).toBe('Music');
  });

  it('opens on typing while closed', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.tab();
    await user.keyboard('t');
    expect(combo()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBe('Trading Cards');
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(combo());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('focuses the control when its label is clicked, without opening it', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByText('Categories'));
    expect(combo()).toHaveFocus();
    expect(combo()).toHaveAttribute('aria-expanded', 'false');
  });

  it('says "No options" when the list is empty', async () => {
    const user = userEvent.setup();
    render(<Controlled options={[]} />);
    await user.click(combo());
    const message = screen.getByRole('option', { name: 'No options' });
    expect(message).toHaveAttribute('aria-disabled', 'true');
    await user.click(message);
    expect(combo()).toHaveTextContent('Select...');
  });

  it('uses a custom placeholder and id', () => {
    render(
      <Select
        id="sort"
        label="Sort By"
        placeholder="Any order"
        options={CATEGORIES}
        value="nope"
        onChange={() => {}}
      />,
    );
    const control = screen.getByRole('combobox', { name: 'Sort By' });
    expect(control).toHaveAttribute('id', 'sort');
    expect(control).toHaveTextContent('Any order');
  });

  it('does not close a surrounding dialog on Escape', async () => {
    const onOuterKey = vi.fn();
    const user = userEvent.setup();
    render(
      <div role="presentation" onKeyDown={(e) => e.key === 'Escape' && onOuterKey()}>
        <Controlled />
      </div>,
    );
    await user.click(combo());
    await user.keyboard('{Escape}');
    expect(onOuterKey).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onOuterKey).toHaveBeenCalledTimes(1);
  });
});

describe('Select menu placement (docs/product.md "Fixed values": max menu height 300, min 140)', () => {
  /** Places the combobox so that `below` px remain under it in a 800 px high window. */
  function placeWithRoomBelow(below: number) {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    const bottom = 800 - 12 - below;
    vi.spyOn(combo(), 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: bottom - 44, width: 200, height: 44 }),
    );
  }

  it('opens upward when less than 140 px remain below it', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    placeWithRoomBelow(139);
    await user.click(combo());
    const listbox = screen.getByRole('listbox', { name: 'Categories' });
    expect(listbox).toHaveAttribute('data-placement', 'top');
    expect(listbox).toHaveStyle({ maxBlockSize: '300px' });
  });

  it('opens downward with 140 px below, at least 140 px high', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    placeWithRoomBelow(140);
    await user.click(combo());
    const listbox = screen.getByRole('listbox', { name: 'Categories' });
    expect(listbox).toHaveAttribute('data-placement', 'bottom');
    expect(listbox).toHaveStyle({ maxBlockSize: '140px' });
  });
});
