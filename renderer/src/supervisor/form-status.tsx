import type { IpcError } from '../../../common/ipc-contract';
import { FieldError } from '../sign-in/text-field';

/** The outcome of a form: a success note or the error that is not about one field. */
export function FormStatus({ success, error, testId }: { success: string | null; error: IpcError | null; testId: string }) {
  return (
    <div aria-live="polite">
      {success && <p className="banner banner-success" role="status" data-testid={`${testId}-done`}>{success}</p>}
      {error && <FieldError error={error} />}
    </div>
  );
}

/** The error for `field`, if the last failure concerned it. */
export function errorFor(error: IpcError | null, ...fields: string[]): IpcError | undefined {
  return error && error.field && fields.includes(error.field) ? error : undefined;
}

/** The error when it concerns none of the form's fields. */
export function formError(error: IpcError | null, fields: readonly string[]): IpcError | null {
  return error && (!error.field || !fields.includes(error.field)) ? error : null;
}
