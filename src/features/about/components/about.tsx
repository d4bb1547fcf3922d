import type { ReactNode } from 'react';
import { LatestBlog } from '@/components/blocks/latest-blog';
import { SectionHeading } from '@/components/ui/section-heading';
import { TEAM_IMAGE_SIZE } from '@shared/sample/image-paths';
import type { AboutData } from '../api';
import { ABOUT_STATS, TRUST_HEADING } from '../stats';
import { StatCounter } from './stat-counter';
import text from '@/styles/text.module.css';
import styles from './about.module.css';

export interface AboutProps {
  data: AboutData;
  /** The cover with the play button that opens the video modal (composed by the route). */
  video: ReactNode;
}

/**
 * About Us (docs/product.md "About us and contact"): a video modal opened by a play button, the
 * counters under "Trusted by more than 20K users", the management team of four and the latest blog
 * section.
 */
export function About({ data, video }: AboutProps) {
  return (
    <div className={styles.page}>
      <section className={`container ${styles.hero}`} aria-labelledby="about-title">
        <div className={styles.heroText}>
          <p className={text.eyebrow}>About Artmint</p>
          <h1 id="about-title" className={text.heroTitle}>
            Where artists meet their collectors
          </h1>
          <p className={text.lead}>
            Artmint is a marketplace for digital collectibles: art, music, video, games and memes.
            We built it for the people who make the work and the people who love it, with a store
            that keeps working on a train with no signal.
          </p>
          <p className={text.lead}>
            Every piece has one owner on a public ledger, every creator keeps a fair share of
            resales, and every collector can check the history of what they buy.
          </p>
        </div>
        <div className={styles.heroMedia}>{video}</div>
      </section>

      <section className={styles.trust} aria-labelledby="about-trust-title">
        <div className="container">
          <h2 id="about-trust-title" className={styles.trustTitle}>
            {TRUST_HEADING}
          </h2>
          <dl className={styles.stats}>
            {ABOUT_STATS.map((stat) => (
              <StatCounter key={stat.label} stat={stat} />
            ))}
          </dl>
        </div>
      </section>

      <section className={`container ${styles.team}`} aria-labelledby="about-team-title">
        <SectionHeading
          id="about-team-title"
          title="Meet the management team"
          subtitle="Four people who keep the lights on, the drops fair and the creators paid."
          align="center"
        />
        <ul className={`plain-list ${styles.teamGrid}`}>
          {data.team.map((member) => (
            <li key={member.name} className={`surface-raised ${styles.member}`}>
              <img
                className={styles.portrait}
                src={member.image}
                alt={`Portrait of ${member.name}`}
                width={TEAM_IMAGE_SIZE.width}
                height={TEAM_IMAGE_SIZE.height}
                loading="lazy"
                decoding="async"
              />
              <h3 className={styles.memberName}>{member.name}</h3>
              <p className={styles.memberTitle}>{member.title}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="container">
        <LatestBlog posts={data.latestPosts} />
      </div>
    </div>
  );
}
