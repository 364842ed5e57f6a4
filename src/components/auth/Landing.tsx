import { type FormEvent, type ReactNode, useState } from 'react';

import { SIGN_UP_ADDRESS, SIGN_UP_EMAIL_PARAM } from '../../../shared/web/signed-out-addresses';
import { Button } from '../Button';
import { styled } from '../stitches.config';
import { TextField } from '../TextField';

// The page's main landmark: the signed-out top bar is the banner, the footer its contentinfo.
const Main = styled('main', { backgroundColor: '#000' });

// The first screen.
const Hero = styled('section', {
  position: 'relative',
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '$8 $5',
  textAlign: 'center',
  backgroundColor: '$background',
  backgroundSize: 'cover',
  backgroundPosition: 'center',
  // The dark overlay: a vignette that keeps the text readable over any artwork.
  '&::before': {
    content: '""',
    position: 'absolute',
    inset: 0,
    background:
      'linear-gradient(to top, rgba(0,0,0,0.85) 0, rgba(0,0,0,0.35) 60%, rgba(0,0,0,0.85) 100%), rgba(0,0,0,0.45)',
  },
});

const Content = styled('div', { position: 'relative', maxWidth: '$contentWidth' });

const Headline = styled('h1', {
  margin: 0,
  fontSize: '$5',
  fontWeight: 900,
  lineHeight: 1.1,
  '@tablet': { fontSize: '$6' },
});

const Subline = styled('p', { margin: '$4 0', fontSize: '$3', '@tablet': { fontSize: '$4' } });

const Prompt = styled('p', { margin: '0 0 $4', fontSize: '$2', '@tablet': { fontSize: '$3' } });

const Form = styled('form', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$3',
  maxWidth: '600px',
  margin: '0 auto',
  '@tablet': { flexDirection: 'row' },
});

export interface LandingProps {
  /** The background artwork behind the dark overlay. */
  backgroundSrc: string;
  defaultEmail?: string;
  /** "Get Started": opens sign-up, carrying the typed e-mail. */
  onGetStarted: (email: string) => void;
  /** What follows the first screen inside the page's main (the feature sections and FAQ). */
  more?: ReactNode;
  /** The page's footer, after its main. */
  footer?: ReactNode;
}

/** The signed-out landing page (docs/spec.md §2). */
export function Landing({ backgroundSrc, defaultEmail = '', onGetStarted, more, footer }: LandingProps) {
  const [email, setEmail] = useState(defaultEmail);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGetStarted(email);
  };
  return (
    <>
      <Main>
        <Hero css={{ backgroundImage: `url("${backgroundSrc}")` }}>
          <Content>
            <Headline>Unlimited films, TV programmes and more.</Headline>
            <Subline>Watch anywhere. Cancel at any time.</Subline>
            <Prompt>Ready to watch? Enter your email to create or restart your membership.</Prompt>
            {/* A real form too: the landing document, which has no app script, sends it to sign-up
                as it is (docs/decisions.md, "Landing document"); the app handles it in place. */}
            <Form action={SIGN_UP_ADDRESS} method="get" onSubmit={submit} aria-label="Start your membership">
              <TextField
                label="Email address"
                type="email"
                name={SIGN_UP_EMAIL_PARAM}
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <Button type="submit" size="lg" css={{ flexShrink: 0, height: '56px' }}>
                Get Started
              </Button>
            </Form>
          </Content>
        </Hero>
        {more}
      </Main>
      {footer}
    </>
  );
}
