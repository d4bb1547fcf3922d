// The frame of the item heroes (artwork and account): the hero section, named by its h1, with
// the accent glow behind a two-column container (the text, then the hero's items).
import type { ReactNode } from 'react';
import { HERO_TITLE_ID } from './hero-text';
import hero from './hero.module.css';

export function HeroFrame({ children }: { children: ReactNode }) {
  return (
    <section className={hero.hero} aria-labelledby={HERO_TITLE_ID}>
      <div className={hero.glow} aria-hidden="true" />
      <div className={`container ${hero.inner}`}>{children}</div>
    </section>
  );
}
