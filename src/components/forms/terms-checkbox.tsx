// "I accept the Terms and Conditions", required, on the forms that create an account (signup,
// and Become a creator signed out).
import { Link } from 'react-router-dom';
import { Checkbox } from '@/components/ui/field';
import { paths } from '@/config/paths';

export function TermsCheckbox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}) {
  return (
    <Checkbox
      label={
        <>
          I accept the <Link to={paths.terms}>Terms and Conditions</Link>
        </>
      }
      name="terms"
      required
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      error={error}
    />
  );
}
