import { Button } from '../Button';
import { styled } from '../stitches.config';

const Page = styled('main', {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  justifyContent: 'center',
  gap: '$4',
  maxWidth: '$contentWidth',
  margin: '0 auto',
  padding: '$8 $5',
});

const Title = styled('h1', { margin: 0, fontSize: '$5' });

const Detail = styled('pre', {
  margin: 0,
  padding: '$4',
  maxWidth: '100%',
  overflowX: 'auto',
  whiteSpace: 'pre-wrap',
  backgroundColor: '$surfaceRaised',
  borderRadius: '$2',
  fontSize: '$2',
});

const Actions = styled('div', { display: 'flex', gap: '$3', flexWrap: 'wrap' });

const HomeLink = styled('a', {
  color: '$text',
  padding: '$2 $4',
  border: '1px solid $fieldBorder',
  borderRadius: '$2',
  textDecoration: 'none',
  '&:hover': { backgroundColor: '$surfaceRaised' },
});

export interface ErrorPageProps {
  title?: string;
  /** The error's text, shown as is. */
  message?: string;
  /** Shows a "Try again" button when given. */
  onRetry?: () => void;
  homeHref?: string;
}

/** A full page for what went wrong, with a way back home (docs/spec.md §8's router error page). */
export function ErrorPage({
  title = 'Unexpected Application Error!',
  message,
  onRetry,
  homeHref = '/',
}: ErrorPageProps) {
  return (
    <Page>
      <Title>{title}</Title>
      {message && <Detail>{message}</Detail>}
      <Actions>
        {onRetry && <Button onClick={onRetry}>Try again</Button>}
        <HomeLink href={homeHref}>Back to home</HomeLink>
      </Actions>
    </Page>
  );
}
