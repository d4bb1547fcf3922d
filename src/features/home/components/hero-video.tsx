// Home one's hero (docs/product.md "Home pages": video background, "Explore now" to /explore-one).
// The poster image paints first (it is the largest paint); the loop is attached only after the page
// has loaded, plays muted and inline, never on its own under prefers-reduced-motion, and has a
// visible pause/play button. The clip and posters are made in the repo by
// scripts/make-hero-video.mjs. Its text column repeats hero-text.tsx's markup on purpose: this
// file is in the start-up chunk, and importing HeroText would move that component into it.
import { useEffect, useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { LinkButton } from '@/components/ui/button';
import { usePrefersReducedMotion } from '@/components/carousel/use-media';
import posterLarge from '../assets/hero-poster-1280.webp';
// Inlined (about 5 KB): the largest paint on a phone needs no request of its own; as large as
// the video's frames, so the video never replaces it as a later, larger paint.
import posterSmall from '../assets/hero-poster-960.webp?inline';
import type { HomeConfig } from '../variants';
import hero from './hero.module.css';
import styles from './hero-video.module.css';

const VIDEO_SRC = '/media/hero-loop.webm';

/** Resolves once the page has loaded and the browser is idle (so the video never competes). */
function afterLoad(run: () => void): () => void {
  let idle = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: 2000 });
    else timer = setTimeout(run, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    if (timer) clearTimeout(timer);
  };
}

export function HeroVideo({ config }: { config: HomeConfig }) {
  const reducedMotion = usePrefersReducedMotion();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [attached, setAttached] = useState(false);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [playing, setPlaying] = useState(false);
  const paused = userPaused ?? reducedMotion;

  useEffect(() => afterLoad(() => setAttached(true)), []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !attached) return;
    if (paused) video.pause();
    else void video.play().catch(() => setPlaying(false));
  }, [attached, paused]);

  return (
    <section className={`${hero.hero} ${styles.hero}`} aria-labelledby="home-hero-title">
      <div className={styles.media} aria-hidden="true">
        <picture>
          <source media="(min-width: 768px)" srcSet={posterLarge} width={1280} height={720} />
          <img
            className={styles.poster}
            src={posterSmall}
            width={960}
            height={540}
            alt=""
            fetchPriority="high"
          />
        </picture>
        <video
          ref={videoRef}
          className={styles.video}
          data-playing={playing || undefined}
          muted
          playsInline
          loop
          preload="none"
          poster={posterSmall}
          onPlaying={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        >
          {attached && <source src={VIDEO_SRC} type="video/webm" />}
        </video>
        <div className={styles.scrim} />
      </div>
      <div className={`container ${styles.content}`}>
        <div className={hero.text}>
          <p className={hero.eyebrow}>Artmint marketplace</p>
          <h1 id="home-hero-title" className={hero.title}>
            {config.title}
          </h1>
          <p className={hero.lead}>{config.lead}</p>
          <div className={hero.actions}>
            <LinkButton to={paths.exploreOne} size="lg">
              Explore now
            </LinkButton>
            <LinkButton to={paths.uploadWork} size="lg" variant="secondary">
              Create
            </LinkButton>
          </div>
        </div>
      </div>
      <button
        type="button"
        className={styles.toggle}
        aria-label={paused ? 'Play background video' : 'Pause background video'}
        onClick={() => setUserPaused(!paused)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          {paused ? (
            <path fill="currentColor" d="M8 5.5v13l10.5-6.5z" />
          ) : (
            <path fill="currentColor" d="M7 5h3.5v14H7zm6.5 0H17v14h-3.5z" />
          )}
        </svg>
      </button>
    </section>
  );
}
