import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SELECT_DEFAULTS } from '@/config/constants';
import type { SelectOption } from '@/data/types';
import { ChevronDownIcon } from './icon';
import { findByTypeahead, nextIndexForKey } from './select-keys';
import disclosure from './disclosure.module.css';
import field from './field.module.css';
import styles from './select.module.css';
import { classNames } from '@/lib/class-names';

export type { SelectOption };

export interface SelectProps<V extends string = string> {
  label: string;
  options: SelectOption<V>[];
  /** The selected value; null, undefined or a value not in the list shows the placeholder. */
  value: V | null | undefined;
  onChange: (value: V, option: SelectOption<V>) => void;
  placeholder?: string;
  /** Name of the hidden input carrying the value in form submissions. */
  name?: string;
  id?: string;
  disabled?: boolean;
  /** Keep the label for screen readers only (filter bars). */
  hideLabel?: boolean;
  /** Ids of hint or error text describing the control. */
  describedBy?: string;
  className?: string;
}

const TYPEAHEAD_RESET_MS = 500;

/**
 * A select-only combobox (WAI-ARIA): a button with role="combobox" and a popup listbox.
 * Enter, Space, ArrowDown or ArrowUp open; arrows, Home, End, PageUp and PageDown (by 5) move;
 * Enter or Space choose; Escape closes; typing jumps to a matching option; a click outside closes.
 */
export function Select<V extends string = string>({
  label,
  options,
  value,
  onChange,
  placeholder = SELECT_DEFAULTS.placeholder,
  name,
  id,
  disabled = false,
  hideLabel = false,
  describedBy,
  className,
}: SelectProps<V>) {
  const autoId = useId();
  const buttonId = id ?? `${autoId}-button`;
  const labelId = `${autoId}-label`;
  const listId = `${autoId}-listbox`;
  const optionId = (index: number) => `${autoId}-option-${index}`;

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [menu, setMenu] = useState<{ top: boolean; maxHeight: number }>({
    top: false,
    maxHeight: SELECT_DEFAULTS.maxMenuHeight,
  });
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', timer: 0 });

  const selectedIndex = options.findIndex((o) => o.value === value);
  const selected = options[selectedIndex];

  const openMenu = (index?: number) => {
    const rect = buttonRef.current?.getBoundingClientRect();
    const below = rect ? window.innerHeight - rect.bottom - 12 : Infinity;
    const above = rect ? rect.top - 12 : 0;
    const top = below < SELECT_DEFAULTS.minMenuHeight && above > below;
    const space = top ? above : below;
    setMenu({
      top,
      maxHeight: Math.max(
        SELECT_DEFAULTS.minMenuHeight,
        Math.min(SELECT_DEFAULTS.maxMenuHeight, space),
      ),
    });
    setActive(index ?? (selectedIndex >= 0 ? selectedIndex : 0));
    setOpen(true);
  };

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    if (option.value !== value) onChange(option.value, option);
    close();
  };

  // A press anywhere outside the control closes the menu.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Keep the active option in view while moving through a long list.
  useEffect(() => {
    if (!open || active < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  useEffect(() => () => window.clearTimeout(typed.current.timer), []);

  const typeahead = (char: string) => {
    const state = typed.current;
    window.clearTimeout(state.timer);
    state.text += char.toLowerCase();
    state.timer = window.setTimeout(() => {
      state.text = '';
    }, TYPEAHEAD_RESET_MS);
    const from = open ? active : selectedIndex;
    const index = findByTypeahead(
      options.map((o) => o.label),
      state.text,
      from,
    );
    if (index < 0) return;
    if (open) setActive(index);
    else openMenu(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const { key } = event;
    const printable = key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    const typing = typed.current.text !== '';
    if (printable && !(key === ' ' && !typing)) {
      event.preventDefault();
      typeahead(key);
      return;
    }
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) openMenu();
      else if (key === 'Home') openMenu(0);
      else if (key === 'End') openMenu(options.length - 1);
      else return;
      event.preventDefault();
      return;
    }
    if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      if (active >= 0 && options[active]) choose(active);
      else close();
    } else if (key === 'Tab') {
      close(false);
    } else {
      const next = nextIndexForKey(key, active, options.length, SELECT_DEFAULTS.pageSize);
      if (next === null) return;
      event.preventDefault();
      setActive(next);
    }
  };

  return (
    <div ref={rootRef} className={classNames(field.field, styles.root, className)}>
      {/* Pressing the label focuses the control without toggling it, like a native select. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/click-events-have-key-events */}
      <label
        id={labelId}
        htmlFor={buttonId}
        className={hideLabel ? 'visually-hidden' : field.label}
        onClick={(event) => {
          event.preventDefault();
          buttonRef.current?.focus();
        }}
      >
        {label}
      </label>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        disabled={disabled}
        className={styles.trigger}
        data-placeholder={selected ? undefined : ''}
        onClick={() => (open ? close() : openMenu())}
        onKeyDown={onKeyDown}
        onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
      >
        <span className={styles.value}>{selected ? selected.label : placeholder}</span>
        <ChevronDownIcon className={disclosure.chevron} />
      </button>
      {name !== undefined && <input type="hidden" name={name} value={selected?.value ?? ''} />}
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        tabIndex={-1}
        hidden={!open}
        className={styles.menu}
        data-placement={menu.top ? 'top' : 'bottom'}
        style={{ maxBlockSize: menu.maxHeight }}
      >
        {options.length === 0 ? (
          <li role="option" aria-disabled="true" aria-selected={false} className={styles.message}>
            {SELECT_DEFAULTS.noOptionsMessage}
          </li>
        ) : (
          options.map((option, index) => (
            // Keyboard use goes through the combobox (aria-activedescendant); these are for pointers.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === selectedIndex}
              data-index={index}
              data-active={index === active || undefined}
              className={styles.option}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && setActive(index)}
              onClick={() => choose(index)}
            >
              <span>{option.label}</span>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
