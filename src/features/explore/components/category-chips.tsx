import { Chip } from '@/components/ui/chip';
import { CHIP_VALUES, chipCategory, type ChipValue } from '../filters';
import styles from './category-chips.module.css';

export interface CategoryChipsProps {
  value: ChipValue | null;
  onChange: (value: ChipValue | null) => void;
}

/** Explore three's chips (docs/product.md "Explore items"): All, Games, Art, Music, Video, Memes.
 * All clears. */
export function CategoryChips({ value, onChange }: CategoryChipsProps) {
  const chips: { value: ChipValue | null; label: string }[] = [
    { value: null, label: 'All' },
    ...CHIP_VALUES.map((chip) => ({ value: chip, label: chipCategory(chip) })),
  ];
  return (
    <div role="group" aria-label="Category" className={styles.chips}>
      {chips.map((chip) => {
        const on = chip.value === value;
        return (
          <Chip
            key={chip.label}
            pressed={on}
            onClick={() => {
              if (!on) onChange(chip.value);
            }}
          >
            {chip.label}
          </Chip>
        );
      })}
    </div>
  );
}
