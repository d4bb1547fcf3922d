// "Notify me on this device" (docs/product.md "Notifications"), in the inbox and the
// "Marketplace notifications" settings: says in words whether this device is on, blocked by the
// browser or not supported, subscribes only when pressed, and turns it off again. Its code
// (device-push.ts) loads with import() when the button shows: never in the entry bundle.
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { DevicePushResult, DevicePushState } from './device-push';
import styles from './push-button.module.css';

const load = () => import('./device-push');

export const PUSH_STATE_WORDS: Record<DevicePushState, string> = {
  on: 'On for this device: outbids, wins and sales show here even with Artmint closed.',
  off: 'Off for this device.',
  blocked:
    'Blocked by the browser: allow notifications for this site in the browser’s settings, then try again.',
  unsupported:
    'Not supported here: this browser cannot show Artmint’s notifications (on an iPhone, add Artmint to the home screen first).',
};

const OFFLINE = 'You are offline: try again once online.';
const UNAVAILABLE = 'Notifications could not be turned on or off here. Try again in a moment.';

export function PushButton() {
  const [state, setState] = useState<DevicePushState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void load()
      .then((push) => push.devicePushState())
      .then((found) => live && setState(found))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  const act = async (turn: () => Promise<DevicePushResult>) => {
    setBusy(true);
    setError(null);
    try {
      const result = await turn();
      if ('error' in result) setError(result.error);
      else setState(result.state);
    } catch {
      setError(navigator.onLine ? UNAVAILABLE : OFFLINE);
    } finally {
      setBusy(false);
    }
  };
  const on = state === 'on';
  return (
    <div className={styles.push}>
      {(state === 'on' || state === 'off') && (
        <Button
          variant={on ? 'secondary' : 'primary'}
          busy={busy}
          onClick={() =>
            void act(async () => {
              const push = await load();
              return on ? push.turnOffDevicePush() : push.turnOnDevicePush();
            })
          }
        >
          {on ? 'Turn off on this device' : 'Notify me on this device'}
        </Button>
      )}
      <p className={styles.state} role="status">
        {error ?? (state === null ? '' : PUSH_STATE_WORDS[state])}
      </p>
    </div>
  );
}
