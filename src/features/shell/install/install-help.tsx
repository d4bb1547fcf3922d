import { Modal } from '@/components/ui/modal';
import { detectPlatform, useInstallStore } from './install-store';
import styles from './install-help.module.css';

const STEPS = {
  ios: [
    'Open Artmint in Safari.',
    'Tap the Share button (the square with an arrow).',
    'Choose "Add to Home Screen", then tap Add.',
  ],
  android: [
    'Open Artmint in Chrome.',
    'Tap the menu (three dots) at the top.',
    'Choose "Install app" or "Add to Home screen".',
  ],
  desktop: [
    'Open Artmint in Chrome, Edge or another browser that installs web apps.',
    'Click the install icon at the end of the address bar, or open the browser menu.',
    'Choose "Install Artmint".',
  ],
} as const;

/** Instructions for adding Artmint to the home screen where no install prompt is offered. */
export function InstallHelp() {
  const open = useInstallStore((s) => s.helpOpen);
  const close = useInstallStore((s) => s.closeHelp);
  const platform = detectPlatform(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return (
    <Modal open={open} onClose={close} title="Install Artmint">
      <p className={styles.lead}>
        Artmint works like an app from your home screen, with or without a network.
      </p>
      <ol className={styles.steps}>
        {STEPS[platform].map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Modal>
  );
}
