// Home one's filter form (docs/product.md "Home pages": a filter form; "Records and fields"). It
// opens explore one with the chosen filters in the URL (?q=&category=&items=&sort=), where
// they are applied (docs/product.md: explore filters work and live in the URL).
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { exploreWithFilters } from '@/config/paths';
import { categoryOptions, itemOptions, sortOptions } from '@/data/sample/select-options';
import type { MarketCategory, SaleKind, SortKey } from '@shared/types';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { SearchIcon } from '@/components/ui/icon';
import { Select } from '@/components/ui/select';
import styles from './filter-form.module.css';

/** The longest query kept (explore cuts longer ones too). */
export const FILTER_QUERY_MAX = 100;

export function FilterForm() {
  const navigate = useNavigate();
  const headingId = useId();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<MarketCategory | null>(null);
  const [sale, setSale] = useState<SaleKind | null>(null);
  const [sort, setSort] = useState<SortKey | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void navigate(
      exploreWithFilters({
        q: q.replace(/\s+/g, ' ').slice(0, FILTER_QUERY_MAX),
        category: category ?? undefined,
        sale: sale ?? undefined,
        sort: sort ?? undefined,
      }),
    );
  };

  return (
    <section className={`container ${styles.wrap}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Find items
      </h2>
      <form className={styles.form} role="search" aria-labelledby={headingId} onSubmit={onSubmit}>
        <TextField
          label="Search items"
          name="q"
          type="search"
          placeholder="Search Company"
          value={q}
          maxLength={FILTER_QUERY_MAX}
          onChange={(e) => setQ(e.target.value)}
          className={styles.search}
        />
        <Select
          label="Categories"
          options={categoryOptions}
          value={category}
          onChange={setCategory}
          name="category"
        />
        <Select label="Items" options={itemOptions} value={sale} onChange={setSale} name="items" />
        <Select label="Sort By" options={sortOptions} value={sort} onChange={setSort} name="sort" />
        <Button type="submit" className={styles.submit}>
          <SearchIcon />
          Search
        </Button>
      </form>
    </section>
  );
}
