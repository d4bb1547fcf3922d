import { Select, type SelectOption } from '@/components/ui/select';
import type { ExploreOptions } from '../api';
import type { ExploreFilters, FilterField } from '../filters';

/** The value the "any" option of each select carries (the URL then has no parameter). */
export const ANY = 'any';

const withAny = <V extends string>(label: string, options: SelectOption<V>[]) => [
  { value: ANY, label } as SelectOption<V | typeof ANY>,
  ...options,
];

export interface FilterSelectsProps {
  filters: ExploreFilters;
  options: ExploreOptions;
  fields: readonly FilterField[];
  onChange: (patch: Partial<ExploreFilters>) => void;
  /** Labels above each select (side form) or for screen readers only (bar). */
  showLabels?: boolean;
  className?: string;
}

/** Categories, Items and Sort By (docs/product.md "Records and fields" options), each with an "any"
 * first option. */
export function FilterSelects({
  filters,
  options,
  fields,
  onChange,
  showLabels = false,
  className,
}: FilterSelectsProps) {
  const orNull = <V extends string>(value: V | typeof ANY): V | null =>
    value === ANY ? null : (value as V);
  return (
    <>
      {fields.includes('category') && (
        <Select
          label="Categories"
          hideLabel={!showLabels}
          options={withAny('All categories', options.categories)}
          value={filters.category ?? ANY}
          onChange={(value) => onChange({ category: orNull(value) })}
          className={className}
        />
      )}
      {fields.includes('sale') && (
        <Select
          label="Items"
          hideLabel={!showLabels}
          options={withAny('All items', options.items)}
          value={filters.sale ?? ANY}
          onChange={(value) => onChange({ sale: orNull(value) })}
          className={className}
        />
      )}
      {fields.includes('sort') && (
        <Select
          label="Sort By"
          hideLabel={!showLabels}
          options={withAny('Recently added', options.sort)}
          value={filters.sort ?? ANY}
          onChange={(value) => onChange({ sort: orNull(value) })}
          className={className}
        />
      )}
    </>
  );
}
