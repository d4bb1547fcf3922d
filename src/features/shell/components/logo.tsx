import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** The Artmint mark: a violet rounded square with a white "A" peak. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="artmint-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#4c1d95" />
        </linearGradient>
      </defs>
      <rect width="36" height="36" rx="10" fill="url(#artmint-logo)" />
      <path d="M18 8 27 28h-4.2L18 17.2 13.2 28H9z" fill="#fff" />
      <circle cx="18" cy="24.5" r="2.2" fill="#c4b5fd" />
    </svg>
  );
}

/** The link home with the mark and the name; `nameClassName` styles the name (the header hides
 * it on the narrowest phones). */
export function BrandLink({
  className,
  nameClassName,
}: {
  className?: string | undefined;
  nameClassName?: string | undefined;
}) {
  return (
    <Link to={paths.home} className={`brand-link ${className ?? ''}`} aria-label="Artmint home">
      <Logo />
      <span className={nameClassName}>Artmint</span>
    </Link>
  );
}
