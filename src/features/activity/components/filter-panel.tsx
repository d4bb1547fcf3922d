import { Button } from '@/components/ui/button';
import { Chip } from '@/components/ui/chip';
import type { ActivityTag } from '@shared/types';
import { EVENT_CHIPS, MEDIUM_CHIPS } from '../chips';
import styles from './filter-panel.module.css';

export interface FilterPanelProps {
  chips: readonly ActivityTag[];
  onToggle: (chip: ActivityTag) => void;
  onClear: () => void;
}

function ChipGroup({
  label,
  options,
  chips,
  onToggle,
}: {
  label: string;
  options: readonly ActivityTag[];
  chips: readonly ActivityTag[];
  onToggle: (chip: ActivityTag) => void;
}) {
  return (
    <div role="group" aria-label={label} className={styles.group}>
      {options.map((chip) => (
        <Chip key={chip} pressed={chips.includes(chip)} onClick={() => onToggle(chip)}>
          {chip}
        </Chip>
      ))}
    </div>
  );
}

/** The "Filter by" side panel: toggle chips (several at once) and Clear. */
export function FilterPanel({ chips, onToggle, onClear }: FilterPanelProps) {
  return (
    <aside aria-labelledby="activity-filter" className={`surface-raised ${styles.panel}`}>
      <div className={styles.head}>
        <h2 id="activity-filter" className={styles.title}>
          Filter by
        </h2>
        <Button variant="ghost" size="sm" disabled={chips.length === 0} onClick={onClear}>
          Clear
        </Button>
      </div>
      <p className={styles.hint}>
        Pick several: activities add up, and Music, Video or Illustration narrow them.
      </p>
      <ChipGroup label="Activity" options={EVENT_CHIPS} chips={chips} onToggle={onToggle} />
      <ChipGroup label="Medium" options={MEDIUM_CHIPS} chips={chips} onToggle={onToggle} />
    </aside>
  );
}
