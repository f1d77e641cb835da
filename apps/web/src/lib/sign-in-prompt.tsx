import { Button } from '../components/ui';
import { useAppDispatch } from './hooks';
import { uiActions } from './ui-slice';

/** What a page that needs an account shows to someone who is signed out. */
export function SignInPrompt({ title, text }: { title: string; text: string }) {
  const dispatch = useAppDispatch();
  return (
    <div className="auth-panel auth-prompt">
      <h2 className="auth-panel__title">{title}</h2>
      <p>{text}</p>
      <Button onClick={() => dispatch(uiActions.authModalOpened('login'))}>Sign in</Button>
    </div>
  );
}
