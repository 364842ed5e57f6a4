import { Button } from './Button';
import { Alert } from './feedback/Alert';
import { styled } from './stitches.config';

const Panel = styled('main', {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$4',
  padding: '$8 $5',
  textAlign: 'center',
});

const Heading = styled('h1', { margin: 0, fontSize: '$5' });
const Note = styled('p', { margin: 0, color: '$textMuted', fontSize: '$3' });

export interface WelcomePanelProps {
  brand: string;
  email: string;
  signingOut?: boolean;
  error?: string | null;
  onSignOut: () => void;
}

/** The signed-in home until the title rows arrive: who is signed in, and a way out. */
export function WelcomePanel({ brand, email, signingOut = false, error, onSignOut }: WelcomePanelProps) {
  return (
    <Panel>
      <Heading>Welcome to {brand}</Heading>
      <Note>You are signed in as {email}.</Note>
      <Alert>{error}</Alert>
      <Button onClick={onSignOut} disabled={signingOut}>
        {signingOut ? 'Signing Out…' : 'Sign Out'}
      </Button>
    </Panel>
  );
}
