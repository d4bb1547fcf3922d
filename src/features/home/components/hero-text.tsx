// The text column of the item heroes (artwork and account): eyebrow, the page's h1 (the hero
// section is named by it, HERO_TITLE_ID), the lead and two large links, then anything the hero
// adds (its stats). The video hero writes the same markup itself: it is in the home's start-up
// chunk, which would then carry this component too (it is only worth sharing in the lazy chunk).
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/button';
import type { HomeConfig } from '../variants';
import hero from './hero.module.css';

export const HERO_TITLE_ID = 'home-hero-title';

interface HeroLink {
  to: string;
  label: string;
}

export interface HeroTextProps {
  config: Pick<HomeConfig, 'title' | 'lead'>;
  eyebrow: string;
  primary: HeroLink;
  secondary: HeroLink;
  children?: ReactNode;
}

export function HeroText({ config, eyebrow, primary, secondary, children }: HeroTextProps) {
  return (
    <div className={hero.text}>
      <p className={hero.eyebrow}>{eyebrow}</p>
      <h1 id={HERO_TITLE_ID} className={hero.title}>
        {config.title}
      </h1>
      <p className={hero.lead}>{config.lead}</p>
      <div className={hero.actions}>
        <LinkButton to={primary.to} size="lg">
          {primary.label}
        </LinkButton>
        <LinkButton to={secondary.to} size="lg" variant="secondary">
          {secondary.label}
        </LinkButton>
      </div>
      {children}
    </div>
  );
}
