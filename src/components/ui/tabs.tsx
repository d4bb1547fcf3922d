import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';
import { classNames } from '@/lib/class-names';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  tabs: TabItem[];
  /** The tab selected at first; defaults to the first tab. */
  defaultTab?: string;
  /** Accessible name of the tab list, e.g. "Item details". */
  label: string;
  /** Called when the selected tab changes. */
  onChange?: (id: string) => void;
  className?: string;
}

function isRtl(element: Element | null): boolean {
  const owner = element?.closest('[dir]')?.getAttribute('dir');
  return (owner ?? document.documentElement.dir) === 'rtl';
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop (roving tabindex); ArrowLeft/ArrowRight
 * move and select (mirrored in right-to-left layouts), Home/End jump to the ends.
 */
export function Tabs({ tabs, defaultTab, label, onChange, className }: TabsProps) {
  const baseId = useId();
  const [selected, setSelected] = useState(() =>
    tabs.some((t) => t.id === defaultTab) ? defaultTab : tabs[0]?.id,
  );
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.some((t) => t.id === selected) ? selected : tabs[0]?.id;

  const select = (id: string) => {
    if (id !== current) onChange?.(id);
    setSelected(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === current);
    if (index < 0 || tabs.length === 0) return;
    const forward = isRtl(event.currentTarget) ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
    let next: number;
    if (event.key === forward) next = (index + 1) % tabs.length;
    else if (event.key === backward) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    select(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div className={classNames(styles.tabs, className)}>
      <div role="tablist" aria-label={label} className={styles.list}>
        {tabs.map((tab) => {
          const isSelected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.id, el);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== current}
          // The panel itself is a tab stop so its content is reachable right after the tabs.
          tabIndex={0}
          className={styles.panel}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
