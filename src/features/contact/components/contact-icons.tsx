// Decorative line icons of the contact cards, on the shared icon frame (ui/icon.tsx).
import { Svg } from '@/components/ui/icon';

export const PhoneIcon = () => (
  <Svg size="1.5em">
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </Svg>
);

export const MailIcon = () => (
  <Svg size="1.5em">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Svg>
);

export const PinIcon = () => (
  <Svg size="1.5em">
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Svg>
);
