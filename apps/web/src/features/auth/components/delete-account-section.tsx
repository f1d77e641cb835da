import { useState, type FormEvent } from 'react';
import { toast } from '../../../components/ui/toast';
import { MSG } from '@atelier/shared';
import { Button, Field, Input } from '../../../components/ui';
import { errorMessage } from '../../../lib/errors';
import { useForgetSession } from '../hooks/use-forget-session';
import { useDeleteAccountMutation, useRequestDeletionCodeMutation } from '../account-api';

/**
 * Deleting needs your password; an account made with Google or Facebook has none, so it asks for
 * a code mailed to you instead. On success this device signs out.
 */
export function DeleteAccountSection() {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [requestCode, { isLoading: isSending }] = useRequestDeletionCodeMutation();
  const forgetSession = useForgetSession();
  const [isConfirming, setIsConfirming] = useState(false);
  const [useCode, setUseCode] = useState(false);
  const [secret, setSecret] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const reply = await deleteAccount(useCode ? { code: secret.trim() } : { password: secret }).unwrap();
      forgetSession();
      toast.success(reply.message || 'Your account has been deleted');
    } catch (err) {
      toast.error(errorMessage(err, MSG.users.deleteAccountFailed));
    }
  };

  const sendCode = async () => {
    try {
      const reply = await requestCode().unwrap();
      setUseCode(true);
      setSecret('');
      toast.success(reply.message);
    } catch (err) {
      toast.error(errorMessage(err, MSG.users.deleteAccountFailed));
    }
  };

  if (!isConfirming) {
    return (
      <div className="stack">
        <p className="muted">
          This signs you out everywhere, cancels your subscription and removes your private pieces, messages, jobs,
          applications, saved cards, collections and follows. Public pieces and comments stay, shown as by “Deleted
          user”.
        </p>
        <div>
          <Button variant="danger" onClick={() => setIsConfirming(true)}>
            Delete account…
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form className="stack" onSubmit={submit} aria-label="Confirm account deletion">
      <Field label={useCode ? 'Code from your email' : 'Your password'}>
        <Input
          type={useCode ? 'text' : 'password'}
          inputMode={useCode ? 'numeric' : undefined}
          autoComplete={useCode ? 'one-time-code' : 'current-password'}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
        />
      </Field>
      <div className="people-actions">
        <Button type="submit" variant="danger" isLoading={isLoading} disabled={!secret}>
          Delete my account
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setIsConfirming(false);
            setSecret('');
          }}
        >
          Cancel
        </Button>
        {!useCode && (
          <Button variant="ghost" isLoading={isSending} onClick={sendCode}>
            No password? Email me a code
          </Button>
        )}
      </div>
    </form>
  );
}
