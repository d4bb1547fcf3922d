// The icons only screens use (cards, toolbar, forms...), in their chunks rather than the
// entry chunk (its size budget). The frame and the shell's icons: icon.tsx.
import { useId } from 'react';
import { Svg, type IconProps } from './icon';

export const ChevronStartIcon = (p: IconProps) => (
  <Svg flip {...p}>
    <path d="m15 18-6-6 6-6" />
  </Svg>
);
/** Points to the end of the line: right in LTR, left in RTL. */
export const ChevronEndIcon = (p: IconProps) => (
  <Svg flip {...p}>
    <path d="m9 18 6-6-6-6" />
  </Svg>
);
export const SunIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
  </Svg>
);
export const MoonIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20.5 14.5A8.5 8.5 0 1 1 9.5 3.5a6.5 6.5 0 0 0 11 11Z" />
  </Svg>
);
export const ArrowUpIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Svg>
);
export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Svg {...p}>
    <path
      fill={filled ? 'currentColor' : 'none'}
      d="M19.5 12.6 12 20l-7.5-7.4A4.9 4.9 0 0 1 12 6.3a4.9 4.9 0 0 1 7.5 6.3Z"
    />
  </Svg>
);
export const PlusIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
export const CopyIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Svg>
);
export const ShareIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </Svg>
);
export const UserIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
);
export const PlayIcon = (p: IconProps) => (
  <Svg filled {...p}>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </Svg>
);
/** A scalloped badge with the check cut out, so it reads on any background. */
export function VerifiedBadgeIcon(p: IconProps) {
  const maskId = `${useId()}-check`;
  return (
    <Svg filled {...p}>
      <mask id={maskId}>
        <rect width="24" height="24" fill="#fff" />
        <path
          d="m8.2 11.5 2.6 2.6 5-5"
          fill="none"
          stroke="#000"
          strokeWidth={2.2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </mask>
      <path
        mask={`url(#${maskId})`}
        d="M12 1.5 14.6 3.4 17.8 3.3 18.8 6.4 21.4 8.3 20.4 11.4 21.4 14.5 18.8 16.4 17.8 19.5 14.6 19.4 12 21.3 9.4 19.4 6.2 19.5 5.2 16.4 2.6 14.5 3.6 11.4 2.6 8.3 5.2 6.4 6.2 3.3 9.4 3.4Z"
      />
    </Svg>
  );
}
export const DownloadIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Svg>
);
/** Three sliders: the floating toolbar's toggle. */
export const SlidersIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Svg>
);
export const GlobeIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Svg>
);
