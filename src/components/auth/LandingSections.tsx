import type { ReactNode } from 'react';

import { styled } from '../stitches.config';

/*
 * What the landing page says below its first screen: what a member gets, the questions people
 * ask first, and the footer. Loaded as its own chunk after the first paint (SignedOutScreen), so
 * the landing's first load stays small. Every claim is something Marquee does (docs/guide.md, docs/spec.md).
 */

// Sections are divided by a thick dark rule, as on the real service.
const Band = styled('section', {
  borderTop: '8px solid #232323',
  backgroundColor: '#000',
  padding: '$7 $5',
  '@tablet': { padding: '$8 $7' },
});

const FeatureLayout = styled('div', {
  display: 'grid',
  gap: '$5',
  alignItems: 'center',
  maxWidth: '1100px',
  margin: '0 auto',
  textAlign: 'center',
  '@tablet': { gridTemplateColumns: '3fr 2fr', textAlign: 'left', gap: '$7' },
});

const FeatureHeading = styled('h2', {
  margin: 0,
  fontSize: '$5',
  fontWeight: 900,
  lineHeight: 1.15,
  '@desktop': { fontSize: '$6' },
});

const FeatureText = styled('p', { margin: '$4 0 0', fontSize: '$3', lineHeight: 1.45, '@tablet': { fontSize: '$4' } });

const Picture = styled('div', {
  display: 'grid',
  placeItems: 'center',
  color: '$accent',
  '& svg': { width: '100%', maxWidth: '280px', height: 'auto' },
});

export interface LandingFeature {
  heading: string;
  text: string;
  picture: ReactNode;
}

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 6,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
} as const;

/** Decorative pictures: drawn in SVG so the chunk carries no image files. */
const SCREENS = (
  <svg aria-hidden="true" viewBox="0 0 240 160">
    <rect x="10" y="20" width="150" height="96" rx="8" {...stroke} />
    <path d="M60 136h50M85 116v20" {...stroke} />
    <rect x="150" y="56" width="56" height="88" rx="8" {...stroke} fill="#000" />
    <rect x="196" y="92" width="34" height="58" rx="6" {...stroke} fill="#000" />
    <path d="M70 52v32l26-16z" fill="currentColor" />
  </svg>
);

const CARRY_ON = (
  <svg aria-hidden="true" viewBox="0 0 240 160">
    <rect x="14" y="24" width="212" height="112" rx="10" {...stroke} />
    <path d="M34 112h172" {...stroke} stroke="#444" />
    <path d="M34 112h104" {...stroke} />
    <circle cx="138" cy="112" r="8" fill="currentColor" />
    <path d="M106 54v30l24-15z" fill="currentColor" />
  </svg>
);

const PROFILES = (
  <svg aria-hidden="true" viewBox="0 0 240 160">
    {[40, 120, 200].map((x) => (
      <g key={x}>
        <rect x={x - 30} y="40" width="60" height="60" rx="10" {...stroke} />
        <circle cx={x - 10} cy="62" r="3" fill="currentColor" />
        <circle cx={x + 10} cy="62" r="3" fill="currentColor" />
        <path d={`M${x - 14} 80q14 10 28 0`} {...stroke} strokeWidth={4} />
        <path d={`M${x - 22} 124h44`} {...stroke} strokeWidth={4} />
      </g>
    ))}
  </svg>
);

const LIST = (
  <svg aria-hidden="true" viewBox="0 0 240 160">
    <rect x="30" y="20" width="70" height="104" rx="8" {...stroke} />
    <rect x="120" y="20" width="70" height="104" rx="8" {...stroke} />
    <circle cx="190" cy="124" r="26" {...stroke} fill="#000" />
    <path d="M190 110v28M176 124h28" {...stroke} />
  </svg>
);

/** Marquee's features, in its own words. */
export function landingFeatures(brand: string): LandingFeature[] {
  return [
    {
      heading: 'Watch wherever there is a browser.',
      text: `Phone, tablet, laptop or the big screen on your desk: ${brand} runs in the browser, with nothing to install, and the picture adapts to your connection.`,
      picture: SCREENS,
    },
    {
      heading: 'Pick up where you left off.',
      text: 'Continue Watching remembers the exact moment you stopped, on every device you sign in to, so the next episode is one press away.',
      picture: CARRY_ON,
    },
    {
      heading: 'A profile for everyone at home.',
      text: 'Each profile keeps its own Continue Watching and its own list, so what you are halfway through never gets mixed up with anyone else’s.',
      picture: PROFILES,
    },
    {
      heading: 'Save it for later.',
      text: 'Spotted something in a trailer? Add it to My List and it waits for you on the home screen, on every device.',
      picture: LIST,
    },
  ];
}

/** The feature sections, one band each. */
export function LandingFeatures({ features }: { features: LandingFeature[] }) {
  return (
    <>
      {features.map((feature) => (
        <Band key={feature.heading}>
          <FeatureLayout>
            <div>
              <FeatureHeading>{feature.heading}</FeatureHeading>
              <FeatureText>{feature.text}</FeatureText>
            </div>
            <Picture>{feature.picture}</Picture>
          </FeatureLayout>
        </Band>
      ))}
    </>
  );
}

const FaqHeading = styled('h2', {
  margin: '0 0 $5',
  textAlign: 'center',
  fontSize: '$5',
  fontWeight: 900,
  '@desktop': { fontSize: '$6' },
});

const FaqList = styled('div', {
  display: 'grid',
  gap: '$2',
  maxWidth: '$contentWidth',
  margin: '0 auto',
});

const FaqItem = styled('details', { backgroundColor: '#2d2d2d' });

// The question: a native <summary>, so it opens and closes by mouse and keyboard with no script
// (the page is usable before, or without, any JavaScript: docs/decisions.md, "Landing document").
const FaqQuestion = styled('summary', {
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$4',
  width: '100%',
  padding: '$5',
  fontSize: '$3',
  fontWeight: 400,
  cursor: 'pointer',
  listStyle: 'none',
  transition: 'background-color 120ms ease',
  '@tablet': { fontSize: '$4' },
  '&::-webkit-details-marker': { display: 'none' },
  '&:hover': { backgroundColor: '#414141' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '-2px' },
  // The plus turns into a cross when the answer is open.
  '& svg': { flexShrink: 0, transition: 'transform 200ms ease' },
  '[open] > & svg': { transform: 'rotate(45deg)' },
  '@reducedMotion': { transition: 'none', '& svg': { transition: 'none' } },
});

const FaqAnswer = styled('div', {
  borderTop: '1px solid #000',
  fontSize: '$3',
  lineHeight: 1.5,
  '@tablet': { fontSize: '$4' },
  '& p': { margin: 0, padding: '$5' },
});

const Plus = () => (
  <svg aria-hidden="true" width="28" height="28" viewBox="0 0 28 28" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M14 3v22M3 14h22" />
  </svg>
);

export interface LandingQuestion {
  question: string;
  answer: string;
}

/** The questions people ask first, answered in Marquee's own words. */
export function landingQuestions(brand: string): LandingQuestion[] {
  return [
    {
      question: `What is ${brand}?`,
      answer: `${brand} is a streaming service for films and series: trending titles, originals, top-rated films, action, comedy, horror, romance and documentaries, each with its trailer, cast and, for series, every season and episode.`,
    },
    {
      question: `How much does ${brand} cost?`,
      answer:
        'Each plan has one monthly price. Your account page lists every plan with its price under Change Plan, and you can move to another plan whenever you like.',
    },
    {
      question: 'Where can I watch?',
      answer:
        'In the web browser on your phone, tablet or computer. Sign in with your e-mail and password and carry on where you left off; Sign Out of All Devices is on your account page when you need it.',
    },
    {
      question: 'Can everyone at home have their own space?',
      answer:
        'Yes. Add a profile for each person; every profile has its own name, its own Continue Watching and its own My List. Switch between them from the menu at the top of the page.',
    },
    {
      question: 'Can I see what a title is like before I watch it?',
      answer:
        'Every title has a detail view with its synopsis, maturity rating, running time or seasons, genres, cast and similar titles, and most have a trailer to watch first.',
    },
  ];
}

/**
 * The FAQ: each question a native disclosure (<details>/<summary>) that opens or closes its
 * answer; sharing one `name`, they open one answer at a time where the browser supports it.
 */
export function LandingFaq({ questions }: { questions: LandingQuestion[] }) {
  return (
    <Band aria-labelledby="landing-faq">
      <FaqHeading id="landing-faq">Frequently Asked Questions</FaqHeading>
      <FaqList>
        {questions.map(({ question, answer }) => (
          <FaqItem key={question} name="landing-faq">
            <FaqQuestion>
              {question}
              <Plus />
            </FaqQuestion>
            <FaqAnswer>
              <p>{answer}</p>
            </FaqAnswer>
          </FaqItem>
        ))}
      </FaqList>
    </Band>
  );
}

const Footer = styled('footer', {
  borderTop: '8px solid #232323',
  backgroundColor: '#000',
  color: '$textMuted',
  padding: '$7 $5',
  fontSize: '$1',
  '@tablet': { padding: '$7' },
  '& > div': { maxWidth: '1000px', margin: '0 auto', display: 'grid', gap: '$3' },
  '& p': { margin: 0 },
  '& strong': { color: '$text' },
});

/** The page's footer (its contentinfo landmark, outside main). */
export function LandingFooter({ brand }: { brand: string }) {
  return (
    <Footer>
      <div>
        <p>
          <strong>{brand}</strong>: films and series in your browser.
        </p>
        <p>Watch anywhere. Cancel at any time.</p>
      </div>
    </Footer>
  );
}

/** Everything below the landing's first screen, in the brand's words; `footer` goes after the page's main. */
export default function LandingSections({ brand }: { brand: string }) {
  return (
    <>
      <LandingFeatures features={landingFeatures(brand)} />
      <LandingFaq questions={landingQuestions(brand)} />
    </>
  );
}
