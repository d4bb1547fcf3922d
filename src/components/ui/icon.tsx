// The icons the app shell draws on every page (header, menus, toasts): in the entry chunk.
// Icons only screens use live in content-icons.tsx, so they load with those screens.
import type { ReactNode, SVGProps } from 'react';
import styles from './icon.module.css';
import { classNames } from '@/lib/class-names';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Gives the icon a name (role="img"); without it the icon is decorative (aria-hidden). */
  title?: string;
  /** Size in CSS units; defaults to 1.25em so the icon follows the text size. */
  size?: number | string;
}

export interface BaseProps extends IconProps {
  children: ReactNode;
  /** Mirror in right-to-left layouts (chevrons that point "forward"). */
  flip?: boolean;
  filled?: boolean;
}

/** The shared 24-unit stroke icon frame (content-icons.tsx draws the rest on it). */
export function Svg({
  title,
  size = '1.25em',
  children,
  flip,
  filled,
  className,
  ...rest
}: BaseProps) {
  const classes = classNames(styles.icon, flip ? styles.flip : '', className);
  const named = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true };
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={classes}
      {...named}
      {...rest}
    >
      {title && <title>{title}</title>}
      {children}
    </svg>
  );
}

export const CloseIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
export const ChevronDownIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m6 9 6 6 6-6" />
  </Svg>
);
/** Points to the start of the line: left in LTR, right in RTL. */
export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
export const MenuIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
export const WalletIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M19 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h14a2 2 0 0 1 2 2v3M3 5v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-3" />
    <path d="M21 12h-4a2 2 0 0 0 0 4h4Z" />
  </Svg>
);
export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M20 6 9 17l-5-5" />
  </Svg>
);
export const InfoIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Svg>
);
export const AlertIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5M12 16h.01" />
  </Svg>
);
