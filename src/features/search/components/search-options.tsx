// The suggestions of the header search (docs/product.md "Search box"): a listbox of hits of every
// kind, or "No results for ...". Loaded lazily by the shell's header-search; the input there
// owns the keyboard (combobox pattern), this only renders and reports pointer picks.
import { CardImage } from '@/components/cards/card-image';
import { KIND_LABELS, type Suggestion } from '../types';
import styles from './search-options.module.css';

export interface SearchOptionsProps {
  listId: string;
  optionId: (index: number) => string;
  /** The query the hits were found for. */
  query: string;
  hits: readonly Suggestion[];
  /** The highlighted option, -1 for none. */
  active: number;
  onPick: (hit: Suggestion) => void;
  onHover: (index: number) => void;
}

export function SearchOptions({
  listId,
  optionId,
  query,
  hits,
  active,
  onPick,
  onHover,
}: SearchOptionsProps) {
  const count = hits.length;
  return (
    <div className={styles.root}>
      {count > 0 && (
        <ul role="listbox" id={listId} aria-label="Search suggestions" className={styles.list}>
          {hits.map((hit, index) => (
            // The keyboard works on the combobox input (aria-activedescendant), not here.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${hit.kind}-${hit.id}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // Keep the focus in the input: the click below opens the hit.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => {
                if (index !== active) onHover(index);
              }}
              onClick={() => onPick(hit)}
            >
              <CardImage
                src={hit.image}
                alt=""
                width={40}
                height={40}
                className={hit.kind === 'creator' ? styles.avatar : styles.thumb}
              />
              <span className={styles.text}>
                <span className={styles.title} dir="auto">
                  {hit.title}
                </span>
                <span className={styles.meta}>
                  <span className={styles.kind} data-kind={hit.kind}>
                    {KIND_LABELS[hit.kind]}
                  </span>
                  <span className={styles.subtitle}>{hit.subtitle}</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={count > 0 ? 'visually-hidden' : styles.empty}>
        {count > 0
          ? `${count} ${count === 1 ? 'suggestion' : 'suggestions'}, use the arrow keys to choose.`
          : `No results for “${query.trim()}”`}
      </p>
      <p className={styles.hint}>
        Press <kbd>Enter</kbd> to search all items in Explore
      </p>
    </div>
  );
}
