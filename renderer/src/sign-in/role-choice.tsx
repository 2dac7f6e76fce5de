// "Sign in as": Agent (phone, calls; the API user optional under Advanced) or
// Supervisor (API user only, no phone). Native radio buttons in a fieldset:
// arrow keys move between them, and the legend labels the group.
import { useLanguage } from '../i18n';
import './sign-in.css';

export type SignInRole = 'agent' | 'supervisor';
const ROLES: readonly SignInRole[] = ['agent', 'supervisor'];

export function RoleChoice({ role, onRole, disabled }: { role: SignInRole; onRole: (role: SignInRole) => void; disabled?: boolean }) {
  const { t } = useLanguage();
  return (
    <fieldset className="role-choice" disabled={disabled} data-testid="sign-in-role">
      <legend>{t('signIn.role')}</legend>
      <div className="role-options">
        {ROLES.map((name) => (
          <label key={name} className={`role-option${role === name ? ' role-option-selected' : ''}`}>
            <input type="radio" name="role" value={name} checked={role === name} onChange={() => onRole(name)} />
            <span className="role-name">{t(`signIn.role.${name}`)}</span>
            <span className="role-hint">{t(`signIn.role.${name}.hint`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
