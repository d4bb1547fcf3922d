import { Link } from 'react-router-dom';
import { Checkbox } from '@/components/ui/field';
import { paths } from '@/config/paths';
import styles from './auth-layout.module.css';

/** "Remember me" beside the "Forgot password?" link (login and lock screen). */
export function RememberRow({
  checked,
  onChange,
  hint,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  return (
    <div className={styles.row}>
      <Checkbox
        label="Remember me"
        name="remember"
        hint={hint}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <Link to={paths.resetPassword} className={styles.inlineLink}>
        Forgot password?
      </Link>
    </div>
  );
}
