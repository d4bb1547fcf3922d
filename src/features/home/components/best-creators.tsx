// Best Creators and Sellers (docs/product.md "Home pages": 9 creators linking to their profiles, a
// Week/Month/Year selector and an All Creators link to /creators).
//
// Props:
// - creators: every creator the device holds (getDataAccess().listCreators(query, { from:
//   'device' })); the best 9 of the period show.
// - title / subtitle: the section heading (h2). Default "Best Creators and Sellers".
// - defaultPeriod: the period selected first (default 'week').
import { useId, useState } from 'react';
import { paths } from '@/config/paths';
import type { Creator } from '@shared/types';
import { CreatorCard } from '@/components/cards/creator-card';
import { LinkButton } from '@/components/ui/button';
import { ChevronEndIcon } from '@/components/ui/content-icons';
import {
  formatVolume,
  rankCreators,
  RANKING_PERIODS,
  type RankingPeriod,
} from './best-creators-ranking';
import { BlockSection, type BlockHeadingProps } from '@/components/blocks/block-section';
import grid from '@/components/blocks/block-section.module.css';
import { CardGrid, CardGridCell } from '@/components/ui/card-grid';
import styles from './best-creators.module.css';

export interface BestCreatorsProps extends BlockHeadingProps {
  creators: readonly Creator[];
  defaultPeriod?: RankingPeriod;
}

const PERIOD_TEXT: Record<RankingPeriod, string> = {
  week: 'this week',
  month: 'this month',
  year: 'this year',
};

export function BestCreators({
  creators,
  title = 'Best Creators and Sellers',
  subtitle = 'Ranked by sales volume in ETH.',
  defaultPeriod = 'week',
  className,
}: BestCreatorsProps) {
  const name = useId();
  const [period, setPeriod] = useState<RankingPeriod>(defaultPeriod);
  const ranked = rankCreators(creators, period);
  return (
    <BlockSection
      title={title}
      subtitle={subtitle}
      action={
        <fieldset className={styles.periods}>
          <legend className="visually-hidden">Sales period</legend>
          {RANKING_PERIODS.map((p) => (
            <label key={p.value} className={styles.period}>
              <input
                type="radio"
                name={name}
                value={p.value}
                checked={period === p.value}
                onChange={() => setPeriod(p.value)}
                className={styles.radio}
              />
              <span>{p.label}</span>
            </label>
          ))}
        </fieldset>
      }
      className={className}
    >
      <CardGrid as="ol" columns={3} label={`Best creators ${PERIOD_TEXT[period]}`}>
        {ranked.map(({ creator, rank, volume }) => (
          <CardGridCell key={creator.id}>
            <CreatorCard
              creator={creator}
              rank={rank}
              stat={formatVolume(volume)}
              statLabel={`Sales ${PERIOD_TEXT[period]}`}
            />
          </CardGridCell>
        ))}
      </CardGrid>
      <div className={grid.footer}>
        <LinkButton to={paths.creators} variant="secondary">
          All Creators
          <ChevronEndIcon />
        </LinkButton>
      </div>
    </BlockSection>
  );
}
